/** What other features may use of mcp: everything else in this folder is its own. */
export { createMcpServer } from './server.ts';
