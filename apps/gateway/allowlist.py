"""What gateway SQL may contain: node types, functions, table functions and cast types.

Everything here is an allow-list; anything not named is rejected. Functions are PostgreSQL
built-ins that only compute values: no function that runs SQL text (`query_to_xml`,
`ts_stat`), reads or sets configuration (`set_config`, `current_setting`), touches files,
the network, sequences, locks, notifications or other sessions, or sleeps.
"""

from sqlglot import exp

AGGREGATES = {
    "count", "sum", "avg", "min", "max", "array_agg", "string_agg", "json_agg", "jsonb_agg",
    "json_object_agg", "jsonb_object_agg", "bool_and", "bool_or", "every", "bit_and", "bit_or",
    "bit_xor", "stddev", "stddev_pop", "stddev_samp", "variance", "var_pop", "var_samp", "corr",
    "covar_pop", "covar_samp", "regr_avgx", "regr_avgy", "regr_count", "regr_intercept",
    "regr_r2", "regr_slope", "regr_sxx", "regr_sxy", "regr_syy", "percentile_cont",
    "percentile_disc", "mode", "grouping", "any_value",
}  # fmt: skip
WINDOW = {
    "row_number", "rank", "dense_rank", "percent_rank", "cume_dist", "ntile", "lag", "lead",
    "first_value", "last_value", "nth_value",
}  # fmt: skip
MATH = {
    "abs", "cbrt", "ceil", "ceiling", "degrees", "div", "exp", "factorial", "floor", "gcd", "lcm",
    "ln", "log", "log10", "min_scale", "mod", "pi", "power", "radians", "round", "scale", "sign",
    "sqrt", "trim_scale", "trunc", "width_bucket", "random", "acos", "asin", "atan", "atan2",
    "cos", "cot", "sin", "tan", "sinh", "cosh", "tanh",
}  # fmt: skip
STRING = {
    "ascii", "btrim", "char_length", "character_length", "chr", "concat", "concat_ws", "format",
    "initcap", "left", "length", "lower", "lpad", "ltrim", "md5", "octet_length", "bit_length",
    "overlay", "position", "regexp_count", "regexp_instr", "regexp_like", "regexp_match",
    "regexp_matches", "regexp_replace", "regexp_split_to_array", "regexp_split_to_table",
    "regexp_substr", "repeat", "replace", "reverse", "right", "rpad", "rtrim", "split_part",
    "starts_with", "string_to_array", "string_to_table", "strpos", "substr", "substring",
    "to_hex", "translate", "trim", "upper", "quote_ident", "quote_literal", "quote_nullable",
    "to_tsvector", "to_tsquery", "plainto_tsquery", "websearch_to_tsquery", "ts_rank",
}  # fmt: skip
DATETIME = {
    "age", "clock_timestamp", "date_add", "date_subtract", "date_bin", "date_part", "date_trunc",
    "extract", "isfinite", "justify_days", "justify_hours", "justify_interval", "make_date",
    "make_interval", "make_time", "make_timestamp", "make_timestamptz", "now",
    "statement_timestamp", "timeofday", "transaction_timestamp", "to_timestamp", "to_char",
    "to_date", "to_number", "timezone", "current_timestamp", "current_time", "localtime",
    "localtimestamp",
}  # fmt: skip
CONDITIONAL = {"coalesce", "nullif", "greatest", "least", "num_nonnulls", "num_nulls"}
ARRAYS = {
    "array_append", "array_cat", "array_dims", "array_fill", "array_length", "array_lower",
    "array_ndims", "array_position", "array_positions", "array_prepend", "array_remove",
    "array_replace", "array_to_string", "array_upper", "cardinality", "trim_array", "unnest",
    "generate_series", "generate_subscripts",
}  # fmt: skip
JSON = {
    "to_json", "to_jsonb", "array_to_json", "row_to_json", "json_build_array",
    "jsonb_build_array", "json_build_object", "jsonb_build_object", "json_object",
    "jsonb_object", "json_array_length", "jsonb_array_length", "json_each", "jsonb_each",
    "json_each_text", "jsonb_each_text", "json_extract_path", "jsonb_extract_path",
    "json_extract_path_text", "jsonb_extract_path_text", "json_object_keys", "jsonb_object_keys",
    "json_array_elements", "jsonb_array_elements", "json_array_elements_text",
    "jsonb_array_elements_text", "json_typeof", "jsonb_typeof", "json_strip_nulls",
    "jsonb_strip_nulls", "jsonb_set", "jsonb_insert", "jsonb_pretty", "jsonb_path_exists",
    "jsonb_path_match", "jsonb_path_query", "jsonb_path_query_array", "jsonb_path_query_first",
}  # fmt: skip
RANGES = {
    "daterange", "tsrange", "tstzrange", "numrange", "int4range", "int8range", "lower_inc",
    "upper_inc", "isempty", "range_merge",
}  # fmt: skip
# sqlglot reads ROW(...) and `= ALL(array)` / `= SOME(array)` as calls of these names.
SYNTAX = {"row", "all", "some"}

FUNCTIONS: frozenset[str] = frozenset(
    AGGREGATES | WINDOW | MATH | STRING | DATETIME | CONDITIONAL | ARRAYS | JSON | RANGES | SYNTAX
)

# Set-returning functions that may stand as a table in FROM (also after LATERAL).
TABLE_FUNCTIONS: frozenset[str] = frozenset(
    {
        "generate_series", "generate_subscripts", "unnest", "json_each", "jsonb_each",
        "json_each_text", "jsonb_each_text", "json_array_elements", "jsonb_array_elements",
        "json_array_elements_text", "jsonb_array_elements_text", "json_object_keys",
        "jsonb_object_keys", "jsonb_path_query", "regexp_matches", "regexp_split_to_table",
        "string_to_table",
    }
)  # fmt: skip

# Typed function nodes the gateway dialect still produces (special syntax, keywords without
# parentheses, and operators sqlglot models as functions), mapped to the SQL they stand for.
FUNCTION_NODES: dict[type[exp.Expression], str] = {
    exp.Cast: "CAST",
    exp.Extract: "EXTRACT",
    exp.StrPosition: "POSITION",
    exp.Substring: "SUBSTRING",
    exp.Trim: "TRIM",
    exp.Overlay: "OVERLAY",
    exp.CurrentDate: "CURRENT_DATE",
    exp.CurrentTimestamp: "CURRENT_TIMESTAMP",
    exp.CurrentTime: "CURRENT_TIME",
    exp.Localtime: "LOCALTIME",
    exp.Localtimestamp: "LOCALTIMESTAMP",
    exp.Array: "ARRAY",
    exp.Exists: "EXISTS",
    exp.Case: "CASE",
    exp.If: "CASE WHEN",
    exp.Unnest: "UNNEST",
    exp.Pow: "^",
    exp.Sqrt: "|/",
    exp.Cbrt: "||/",
    exp.RegexpLike: "~",
    exp.RegexpILike: "~*",
    exp.ArrayContainsAll: "@>",
    exp.ArrayContainedBy: "<@",
    exp.ArrayOverlaps: "&&",
    exp.JSONBContainsTopKey: "?",
    exp.JSONBContainsAnyTopKeys: "?|",
    exp.JSONBContainsAllTopKeys: "?&",
    exp.JSONExtract: "->",
    exp.JSONExtractScalar: "->>",
    exp.JSONBExtract: "#>",
    exp.JSONBExtractScalar: "#>>",
    exp.JSONBPathExists: "@?",
    exp.MatchAgainst: "@@",
}

# Structural nodes of a read query: clauses, operators, literals, names.
NODES: frozenset[type[exp.Expression]] = frozenset(
    {
        exp.Select, exp.Union, exp.Intersect, exp.Except, exp.Values, exp.Subquery, exp.With,
        exp.CTE, exp.From, exp.Join, exp.Where, exp.Group, exp.Having, exp.Order, exp.Ordered,
        exp.Limit, exp.Offset, exp.Fetch, exp.LimitOptions, exp.Window, exp.WindowSpec,
        exp.Distinct, exp.Star, exp.Column, exp.Identifier, exp.Table, exp.TableAlias,
        exp.Alias, exp.Literal, exp.Boolean, exp.Null, exp.Paren, exp.Tuple, exp.Bracket,
        exp.Slice, exp.DataType, exp.DataTypeParam, exp.Interval, exp.Var, exp.Any, exp.In,
        exp.Between, exp.Like, exp.ILike, exp.SimilarTo, exp.Escape, exp.Is, exp.Not, exp.And,
        exp.Or, exp.Neg, exp.EQ, exp.NEQ, exp.GT, exp.GTE, exp.LT, exp.LTE, exp.NullSafeEQ,
        exp.NullSafeNEQ, exp.Add, exp.Sub, exp.Mul, exp.Div, exp.Mod, exp.IntDiv, exp.DPipe,
        exp.BitwiseAnd, exp.BitwiseOr, exp.BitwiseXor, exp.BitwiseNot, exp.BitwiseLeftShift,
        exp.BitwiseRightShift, exp.All, exp.Lateral, exp.Cube, exp.Rollup, exp.GroupingSets, exp.Filter,
        exp.WithinGroup, exp.Kwarg, exp.AtTimeZone, exp.Collate, exp.Overlaps, exp.JSONPath,
        exp.JSONPathKey, exp.JSONPathRoot, exp.JSONPathSubscript, exp.Placeholder,
        exp.Parameter, exp.TableSample, exp.BitString, exp.ByteString,
        exp.UnicodeString, exp.RawString, exp.Dot,
    }
)  # fmt: skip

# Types a value may be cast to (also in `type 'literal'` form).
T = exp.DataType.Type
CAST_TYPES: frozenset = frozenset(
    {
        T.SMALLINT, T.INT, T.BIGINT, T.DECIMAL, T.DOUBLE, T.FLOAT, T.MONEY, T.TEXT, T.VARCHAR,
        T.CHAR, T.BPCHAR, T.NAME, T.DATE, T.TIME, T.TIMETZ, T.TIMESTAMP, T.TIMESTAMPTZ,
        T.INTERVAL, T.BOOLEAN, T.JSON, T.JSONB, T.UUID, T.ARRAY, T.DATERANGE, T.TSRANGE,
        T.TSTZRANGE, T.NUMRANGE, T.INT4RANGE, T.INT8RANGE, T.BIT,
    }
)  # fmt: skip

# Names PostgreSQL reads as functions when unquoted, even without parentheses.
KEYWORD_FUNCTIONS = frozenset(
    {
        "user", "current_user", "session_user", "current_role", "system_user",
        "current_catalog", "current_schema",
    }
)  # fmt: skip

# Schemas that hold catalogs, never user data.
CATALOG_SCHEMAS = frozenset({"pg_catalog", "information_schema", "pg_toast"})

# What each forbidden node is, for the error message.
CONSTRUCT_NAMES: dict[str, str] = {
    "Lock": "FOR UPDATE / FOR SHARE",
    "Into": "SELECT INTO",
    "Insert": "INSERT (also inside WITH)",
    "Update": "UPDATE (also inside WITH)",
    "Delete": "DELETE (also inside WITH)",
    "Merge": "MERGE (also inside WITH)",
    "Command": "A statement sqlglot could not read as a query",
    "Set": "SET",
    "Copy": "COPY",
    "ObjectIdentifier": "Casting to an object identifier type (regclass, regproc, oid…)",
    "SessionParameter": "Session parameters",
    "Pivot": "PIVOT",
    "ColumnDef": "A column definition list",
}
