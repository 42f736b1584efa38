import type { CapacitorConfig } from '@capacitor/cli';

// Issue 27: the Android shell (README "Android shell"). The web app calls its API and stream on its own origin
// (`/api/…`), so the shell opens the Kabuto server it is built for instead of a copy of the pages inside the APK; the
// service worker then starts it offline like the installed web app. `webDir` is the web build, which `cap sync`
// copies in as Capacitor requires.
const serverUrl = process.env.KABUTO_SERVER_URL;
if (!serverUrl) throw new Error('KABUTO_SERVER_URL is not set: the https address of the Kabuto server the shell opens');
const server = new URL(serverUrl);

const config: CapacitorConfig = {
  appId: 'jp.kabuto.app',
  appName: 'Kabuto',
  webDir: 'dist',
  server: {
    url: server.href,
    // Plain http only for a development server (the emulator reaches the host as http://10.0.2.2:8080).
    cleartext: server.protocol === 'http:',
    androidScheme: 'https',
  },
  android: {
    // The static shell's background (index.html), so the WebView never flashes white before the first paint.
    backgroundColor: '#f3f4f7',
  },
};

export default config;
