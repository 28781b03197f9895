import fs from 'node:fs';
import { startThrowawayPostgres } from './scripts/postgres.ts';
const pg = await startThrowawayPostgres({ durable: true });
fs.writeFileSync('/tmp/durable-pg-url', pg.url);
console.log(pg.url);
process.on('SIGTERM', () => { pg.stop(); process.exit(0); });
setInterval(() => {}, 1 << 30);
