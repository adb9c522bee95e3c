"""Layer 1 of the gateway: decide whether agent SQL may run, and write the SQL that will.

sqlglot is a lenient transpiler, not a validator (STYLE.md): unknown syntax becomes a
`Command`, several statements parse one after another, a writable CTE hides a DELETE under a
SELECT. So everything is allow-listed (node types, functions, tables, cast types) and the
whole tree is walked. The SQL that runs is regenerated from the checked tree, then parsed and
checked once more: sqlglot's generator has written string contents back as bare SQL before
(`date_bin`'s origin), and only the regenerated text is what PostgreSQL sees.

Accepted queries are kept in a bounded LRU (`validation_cache.py`) keyed on the text, the
policy and the allow-lists; the tenant is bound per call at run time, never here.
"""

import re
from dataclasses import dataclass

from sqlglot import exp
from sqlglot.errors import ParseError, TokenError
from sqlglot.tokens import TokenType

from apps.gateway import errors, validation_cache
from apps.gateway.checker import Checker
from apps.gateway.dialect import DIALECT
from apps.gateway.errors import ErrorCode, GatewayError
from apps.gateway.limits import MAX_DEPTH_CEILING
from apps.gateway.policy import Policy


@dataclass(frozen=True)
class ValidatedQuery:
    # What runs: regenerated from the checked tree, `$n` placeholders, row limit applied.
    sql: str
    # Names of the parameters; `$1` is parameters[0].
    parameters: tuple[str, ...]
    max_rows: int
    statement_timeout_ms: int
    # Schema-qualified tables the query reads.
    tables: frozenset[str] = frozenset()
    source: str = ""


_TOKEN_REPR = re.compile(r"<Token token_type: [^,]+, text: (.*?), line: \d+.*?>")
_OPENING = {TokenType.L_PAREN, TokenType.L_BRACKET}
_CLOSING = {TokenType.R_PAREN, TokenType.R_BRACKET}
_QUERY_ROOTS = (exp.Select, exp.SetOperation, exp.Values)


def validate(sql: str, *, policy: Policy, cache: bool = True) -> ValidatedQuery:
    """Check `sql` against `policy`; return what to run, or raise GatewayError.

    With `cache`, an accepted text is remembered for the same policy and allow-lists."""
    if not isinstance(sql, str):
        raise GatewayError(ErrorCode.PARSE_ERROR, errors.EMPTY_SQL)
    if not cache or type(sql) is not str:
        # A str subclass could compare equal to another text: never a key.
        return _validate(sql, policy)
    key = validation_cache.key(sql, policy)
    query = validation_cache.get(key)
    if query is None:
        query = _validate(sql, policy)
        validation_cache.put(key, query)
    return query


def _validate(sql: str, policy: Policy) -> ValidatedQuery:
    if len(sql) > policy.max_sql_length:
        raise GatewayError(
            ErrorCode.TOO_LARGE,
            errors.SQL_TOO_LONG.format(length=len(sql), limit=policy.max_sql_length),
        )
    if "\x00" in sql:
        raise GatewayError(ErrorCode.PARSE_ERROR, errors.NUL_CHARACTER, sql.index("\x00") + 1)
    max_depth = min(policy.max_depth, MAX_DEPTH_CEILING)
    try:
        tree, tokens = _parse(sql, max_depth)
        checker = Checker(policy, sql)
        checker.check(tree)
        checker.parameters.sort(key=_first_use(tokens))
        tree = _rewrite(tree, checker, policy)
        # copy=False: the tree is not used again, so the generator need not copy it first.
        regenerated = tree.sql(dialect=DIALECT, comments=False, copy=False)
        _recheck(regenerated, policy, len(checker.parameters))
    except RecursionError:
        raise GatewayError(
            ErrorCode.TOO_LARGE, errors.TOO_DEEP_EXPRESSION.format(limit=max_depth)
        ) from None
    return ValidatedQuery(
        sql=regenerated,
        parameters=tuple(checker.parameters),
        max_rows=policy.max_rows,
        statement_timeout_ms=policy.statement_timeout_ms,
        tables=frozenset(checker.tables),
        source=sql,
    )


def _recheck(regenerated: str, policy: Policy, parameter_count: int) -> None:
    try:
        tree, _ = _parse(regenerated, MAX_DEPTH_CEILING)
        Checker(policy, regenerated, parameter_count=parameter_count).check(tree)
    except GatewayError as exc:
        raise GatewayError(exc.code, errors.REGENERATION.format(detail=exc.message)) from None


# --- reading -----------------------------------------------------------------------------


def _parse(sql: str, max_depth: int) -> tuple[exp.Expression, list]:
    try:
        tokens = DIALECT.tokenize(sql)
    except TokenError as exc:
        raise GatewayError(
            ErrorCode.PARSE_ERROR, errors.UNTERMINATED.format(detail=_token_error(exc))
        ) from None
    if not tokens:
        raise GatewayError(ErrorCode.PARSE_ERROR, errors.EMPTY_SQL)
    _check_statements_and_depth(tokens, max_depth)
    try:
        statements = DIALECT.parser().parse(tokens, sql)
    except ParseError as exc:
        raise _syntax_error(sql, exc) from None
    statements = [s for s in statements if s is not None and not isinstance(s, exp.Semicolon)]
    if not statements:
        raise GatewayError(ErrorCode.PARSE_ERROR, errors.EMPTY_SQL)
    if len(statements) > 1:
        raise GatewayError(ErrorCode.MULTIPLE_STATEMENTS, errors.MULTIPLE)
    root = statements[0]
    inner = root
    while isinstance(inner, exp.Subquery):
        inner = inner.this
    if not isinstance(inner, _QUERY_ROOTS):
        raise GatewayError(
            ErrorCode.NOT_A_QUERY, errors.NOT_QUERY.format(kind=_statement_kind(root, tokens)), 1
        )
    return root, tokens


def _first_use(tokens: list):
    """Sort key: where a named parameter `:name` first appears in the text."""
    first: dict[str, int] = {}
    for colon, name in zip(tokens, tokens[1:], strict=False):
        if colon.token_type == TokenType.COLON and name.start == colon.end + 1:
            first.setdefault(name.text, colon.start)
    return lambda parameter: first.get(parameter, len(first))


def _check_statements_and_depth(tokens: list, max_depth: int) -> None:
    depth = 0
    after_semicolon = False
    previous = None
    for token in tokens:
        kind = token.token_type
        # PostgreSQL reads `1_000` as 1000 and rejects `12abc`; sqlglot would quietly read
        # `1 AS _000`, so a name glued to a number is refused rather than misread.
        if (
            previous is not None
            and previous.token_type == TokenType.NUMBER
            and token.start == previous.end + 1
            and (token.text[:1].isalpha() or token.text[:1] == "_")
        ):
            raise GatewayError(
                ErrorCode.PARSE_ERROR,
                errors.SYNTAX.format(
                    detail=f"trailing characters after the number {previous.text}{token.text}"
                ),
                previous.start + 1,
            )
        previous = token
        if kind == TokenType.SEMICOLON:
            after_semicolon = True
            continue
        if after_semicolon:
            raise GatewayError(ErrorCode.MULTIPLE_STATEMENTS, errors.MULTIPLE, token.start + 1)
        if kind in _OPENING:
            depth += 1
            if depth > max_depth:
                raise GatewayError(
                    ErrorCode.TOO_LARGE,
                    errors.TOO_DEEP.format(depth=depth, limit=max_depth),
                    token.start + 1,
                )
        elif kind in _CLOSING:
            depth -= 1


def _token_error(exc: TokenError) -> str:
    text = str(exc)
    return "it ends inside a string, identifier or comment" if "tokenizing" in text else text


def _syntax_error(sql: str, exc: ParseError) -> GatewayError:
    detail = exc.errors[0] if exc.errors else {}
    description = _TOKEN_REPR.sub(r'"\1"', str(detail.get("description") or exc))
    position = None
    line, col = detail.get("line"), detail.get("col")
    if isinstance(line, int) and isinstance(col, int):
        lines = sql.split("\n")
        offset = sum(len(text) + 1 for text in lines[: line - 1])
        highlight = detail.get("highlight") or ""
        position = max(1, offset + col - len(highlight) + 1)
        description = f"{description} (line {line}, near {highlight!r})"
    return GatewayError(ErrorCode.PARSE_ERROR, errors.SYNTAX.format(detail=description), position)


def _statement_kind(root: exp.Expression, tokens: list) -> str:
    if isinstance(root, exp.Command):
        return str(root.this).upper()
    if isinstance(root, (exp.Alias, exp.Column, exp.Literal, exp.Anonymous)):
        return tokens[0].text.upper()
    return root.key.upper()


# --- rewriting ---------------------------------------------------------------------------


def _rewrite(tree: exp.Expression, checker: Checker, policy: Policy) -> exp.Expression:
    for table in checker.unqualified_tables:
        table.set("db", exp.to_identifier(policy.schema))
    for placeholder in checker.placeholders:
        index = checker.parameters.index(placeholder.name) + 1
        placeholder.replace(exp.Parameter(this=exp.Literal.number(index)))
    while isinstance(tree, exp.Subquery) and not any(
        value for key, value in tree.args.items() if key != "this"
    ):
        tree = tree.this
    return _limit(tree, policy.max_rows + 1)


def _limit(tree: exp.Expression, cap: int) -> exp.Expression:
    """Make the query return at most `cap` rows (max_rows + 1, to detect truncation)."""
    if isinstance(tree, exp.Values):
        # VALUES … ORDER BY … LIMIT: the clauses move to a SELECT around the bare list.
        clauses = {key: tree.args.get(key) for key in ("order", "limit", "offset")}
        for key in clauses:
            tree.set(key, None)
        tree = _wrap(tree, cap)
        for key, value in clauses.items():
            if value is not None:
                tree.set(key, value)
    if not isinstance(tree, (exp.Select, exp.SetOperation)):
        return _wrap(tree, cap)
    limit = tree.args.get("limit")
    cap_literal = exp.Literal.number(cap)
    if limit is None:
        tree.set("limit", exp.Limit(expression=cap_literal))
    elif isinstance(limit, exp.Limit):
        value = limit.expression
        if isinstance(value, exp.Literal) and value.is_int:
            if int(value.this) > cap:
                limit.set("expression", cap_literal)
        elif isinstance(value, (exp.Null, exp.Var)):  # LIMIT NULL, LIMIT ALL
            limit.set("expression", cap_literal)
        else:
            limit.set(
                "expression", exp.Anonymous(this="LEAST", expressions=[value.copy(), cap_literal])
            )
    elif isinstance(limit, exp.Fetch):
        options = limit.args.get("limit_options")
        count = limit.args.get("count")
        plain = not (options and (options.args.get("with_ties") or options.args.get("percent")))
        if plain and isinstance(count, exp.Literal) and count.is_int:
            if int(count.this) > cap:
                limit.set("count", cap_literal)
        else:
            return _wrap(tree, cap)
    else:
        return _wrap(tree, cap)
    return tree


def _wrap(tree: exp.Expression, cap: int) -> exp.Select:
    return exp.Select(
        expressions=[exp.Star()],
        from_=exp.From(
            this=exp.Subquery(this=tree, alias=exp.TableAlias(this=exp.to_identifier("q")))
        ),
        limit=exp.Limit(expression=exp.Literal.number(cap)),
    )
