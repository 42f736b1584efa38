// The news module's public surface: other modules import only this file (issue 6 §3, lint kabuto/boundaries).
export { seedDemoNews } from './news-seed.ts';
export { newsRoutes } from './news.routes.ts';
export { newsService } from './news.service.ts';
