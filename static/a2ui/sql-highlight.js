// SQL highlighting as DOM spans. A small tokenizer, not a parser: it only decides colors.
import { h } from "./dom.js";

const KEYWORDS = new Set(`select from where and or not in is null as on join left right inner outer
full cross group by order having limit offset distinct union all intersect except with case when
then else end asc desc between like ilike exists any some filter over partition window rows range
preceding following current row values cast interval true false date timestamp nulls first last
lateral using natural fetch next only recursive`.split(/\s+/));

const TOKEN = new RegExp(
  [
    "(--[^\\n]*)", // 1 line comment
    "(/\\*[\\s\\S]*?(?:\\*/|$))", // 2 block comment
    "('(?:[^']|'')*'?)", // 3 string
    '("(?:[^"]|"")*"?)', // 4 quoted identifier
    "(\\b\\d+(?:\\.\\d+)?(?:e[+-]?\\d+)?\\b)", // 5 number
    "([A-Za-z_][A-Za-z0-9_$]*)", // 6 word
    "(:[A-Za-z_][A-Za-z0-9_]*|%\\([A-Za-z_][A-Za-z0-9_]*\\)s)", // 7 parameter
    "(<>|<=|>=|!=|\\|\\||::|[-+*/%=<>(),.;])", // 8 operator
  ].join("|"),
  "gi",
);

export function highlightSql(sql) {
  const nodes = [];
  const source = String(sql);
  let last = 0;
  for (const match of source.matchAll(TOKEN)) {
    if (match.index > last) nodes.push(source.slice(last, match.index));
    const [token] = match;
    let kind = null;
    if (match[1] || match[2]) kind = "comment";
    else if (match[3]) kind = "string";
    else if (match[4]) kind = "identifier";
    else if (match[5]) kind = "number";
    else if (match[6]) {
      const next = source.slice(match.index + token.length).match(/^\s*\(/);
      if (KEYWORDS.has(token.toLowerCase())) kind = "keyword";
      else if (next) kind = "function";
    } else if (match[7]) kind = "parameter";
    else if (match[8]) kind = "operator";
    nodes.push(kind ? h("span", { class: `a2ui-sql-${kind}` }, token) : token);
    last = match.index + token.length;
  }
  if (last < source.length) nodes.push(source.slice(last));
  return nodes;
}
