// JDBC and ADO.NET connection strings: only `Password=` / `Pwd=` values are masked, and only in a
// string that looks like a connection string (`;`-separated, with a server/database/user key).
import type { Candidate } from '../candidates';
import { LABEL } from './labels';
import { pushValue } from './values';

const PASSWORD = /(?:^|[;\s"'{(,])(password|pwd)\s*=\s*/gi;
const CONTEXT =
  /(?:^|[;\s"'])(?:server|data source|host|hostname|address|addr|network address|database|databasename|dbname|initial catalog|user id|userid|uid|user|username|port|driver|provider|dsn|trusted_connection|integrated security|encrypt|sslmode|servicename|service name)\s*=/i;

export function scanConnectionStrings(text: string, out: Candidate[]): void {
  PASSWORD.lastIndex = 0;
  for (let m = PASSWORD.exec(text); m; m = PASSWORD.exec(text)) {
    const valueStart = m.index + m[0].length;
    const lineStart = text.lastIndexOf('\n', m.index) + 1;
    let lineEnd = text.indexOf('\n', valueStart);
    if (lineEnd < 0) lineEnd = text.length;
    const around = text.slice(Math.max(lineStart, m.index - 512), Math.min(lineEnd, valueStart + 512));
    if (!around.includes(';') || !CONTEXT.test(around)) continue;
    const open = text[valueStart];
    let start = valueStart;
    let end: number;
    if (open === "'" || open === '"') {
      start++;
      end = start;
      while (end < lineEnd && !(text[end] === open && text[end + 1] !== open))
        end += text[end] === open ? 2 : 1;
    } else if (open === '{') {
      start++;
      end = text.indexOf('}', start);
      if (end < 0 || end > lineEnd) continue;
    } else {
      end = start;
      while (end < lineEnd && !';"\'<\r'.includes(text[end]!)) end++;
    }
    pushValue(out, text, start, end, LABEL.conn);
  }
}
