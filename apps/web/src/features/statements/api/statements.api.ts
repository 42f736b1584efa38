import type {
  CurrencySectionWire,
  StatementFormat,
  StatementRequest,
  StatementWire,
  statementDownloadCall,
  statementShowCall,
} from '@kabuto/contracts/statements/statements';
import { api } from '../../../shared/api/api.ts';
import { callRef } from '../../../shared/api/call-ref.ts';

// Paths only at run time (types through `import type`), so the web app never downloads zod, nor the PDF library:
// the file is made on the server and arrives as bytes.
const showRef = callRef<typeof statementShowCall>('user/statement/show');
const downloadRef = callRef<typeof statementDownloadCall>('user/statement/download');

export type { CurrencySectionWire, StatementFormat, StatementRequest, StatementWire };

/** Starts with the call's path (`user/…`): a member event (a deposit approved, a fill) refetches the open statement. */
export const statementKeys = {
  show: (token: string, req: StatementRequest) => [showRef.path, token, req.kind, req.period, req.lang] as const,
};

export const fetchStatement = (req: StatementRequest, signal?: AbortSignal) =>
  api.call(showRef, req, signal ? { signal } : {});

/** The statement as a file (an authenticated POST answering bytes), saved by the browser under the server's name. */
export async function downloadStatement(req: StatementRequest, format: StatementFormat): Promise<string> {
  const blob = await api.blob(downloadRef, { ...req, format });
  const name = `kabuto-statement-${req.period}-${req.lang}.${format}`;
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the bytes once the click ran; the address is freed a little later for slow phones.
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
  return name;
}
