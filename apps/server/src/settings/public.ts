// The settings module's public surface: other modules import only this file (issue 6 §3, lint kabuto/boundaries).
export { configRoutes } from './config.routes.ts';
export { readSetting, writeSetting } from './settings.service.ts';
