"""`manage.py gateway run|check|window|limits`.

`run` and `check` are a contract other checks rely on (issue 3): SQL on standard input, one
JSON object on standard output, exit status 0 when ok and 1 otherwise.
"""

import json
import sys

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError

from apps.accounts.access import AccessDenied, access_context_for_user
from apps.gateway import selectors, services
from apps.gateway.errors import ErrorCode, GatewayError
from apps.gateway.policy import default_policy
from apps.gateway.validation import validate
from project.maintenance import owner_database

UNKNOWN_USER = "No user named {username}."
WRONG_TENANT = "User {username} belongs to tenant {actual}, not {tenant}."
BAD_PARAM = "--param must look like NAME=VALUE, got {raw!r}."
BAD_MAX_ROWS = "--max-rows must be a whole number of at least 1, got {raw!r}."


class Command(BaseCommand):
    help = "Run or check agent SQL through the read-only gateway; show or set date windows."

    def add_arguments(self, parser):
        actions = parser.add_subparsers(dest="action", required=True)
        run = actions.add_parser(
            "run", help="Run SQL from standard input for a user; print the result as JSON."
        )
        run.add_argument("--tenant", required=True, help="Tenant slug, e.g. acme.")
        run.add_argument("--user", required=True, help="Username, e.g. ana.")
        run.add_argument(
            "--param",
            action="append",
            default=[],
            metavar="NAME=VALUE",
            help="Value of the named parameter :NAME (text; PostgreSQL infers its type).",
        )
        run.add_argument("--max-rows", default=None, help="Return at most N rows.")
        check = actions.add_parser(
            "check", help="Validate SQL from standard input without running it."
        )
        check.add_argument(
            "--allow-any-table",
            action="store_true",
            help="Lift only the table allow-list, to try the other rules on other schemas.",
        )
        window = actions.add_parser(
            "window", help="Show the role date windows, or set one with --role and --months."
        )
        window.add_argument("--table", default="erp_salary", help="Dated table (erp_salary).")
        window.add_argument("--role", help="Role whose window to set.")
        size = window.add_mutually_exclusive_group()
        size.add_argument("--months", type=int, help="Months back the role may see.")
        size.add_argument("--clear", action="store_true", help="Let the role see all rows.")
        actions.add_parser("limits", help="Show the gateway's limits and their settings.")

    def handle(self, *args, action, **options):
        if action == "run":
            return self._run(**options)
        if action == "check":
            return self._check(**options)
        if action == "window":
            return self._window(**options)
        return self._limits()

    def _emit(self, payload: dict) -> None:
        self.stdout.write(json.dumps(payload))
        if not payload["ok"]:
            raise SystemExit(1)

    def _run(self, *, tenant, user, param, max_rows, **options) -> None:
        sql = sys.stdin.read()
        try:
            context = _context(tenant, user)
            params = _params(param)
            result = services.run_sql(
                sql, context=context, params=params, max_rows=_max_rows(max_rows)
            )
        except GatewayError as exc:
            self._emit({"ok": False, "error": {"code": str(exc.code), "message": exc.message}})
            return
        self._emit({"ok": True, **result.as_json()})

    def _check(self, *, allow_any_table, **options) -> None:
        sql = sys.stdin.read()
        try:
            query = validate(sql, policy=default_policy(allow_any_table=allow_any_table))
        except GatewayError as exc:
            self._emit(
                {
                    "ok": False,
                    "sql_executed": None,
                    "error": {"code": str(exc.code), "message": exc.message},
                }
            )
            return
        self._emit({"ok": True, "sql_executed": query.sql, "error": None})

    def _window(self, *, table, role, months, clear, **options) -> None:
        with owner_database():
            self._show_or_set_window(table, role, months, clear)

    def _show_or_set_window(self, table, role, months, clear) -> None:
        if months is not None or clear:
            if not role:
                raise CommandError("--months and --clear need --role.")
            try:
                services.date_window_set(table=table, role=role, months=None if clear else months)
            except ValueError as exc:
                raise CommandError(str(exc)) from exc
        windows = selectors.date_window_list()
        if not windows:
            self.stdout.write("No date windows: every role sees all dated rows.")
        for window in windows:
            self.stdout.write(f"{window.table}: {window.role} sees the last {window.months} months")

    def _limits(self) -> None:
        for limit in selectors.limit_list():
            self.stdout.write(
                f"{limit['name']} = {limit['value']} (default {limit['default']}, "
                f"{limit['variable']}): {limit['help']}"
            )


def _context(tenant: str, username: str):
    user = get_user_model().objects.filter(username=username).first()
    if user is None:
        raise GatewayError(ErrorCode.PERMISSION_DENIED, UNKNOWN_USER.format(username=username))
    try:
        context = access_context_for_user(user)
    except AccessDenied as exc:
        raise GatewayError(ErrorCode.PERMISSION_DENIED, str(exc)) from None
    if context.tenant_slug != tenant:
        raise GatewayError(
            ErrorCode.PERMISSION_DENIED,
            WRONG_TENANT.format(username=username, actual=context.tenant_slug, tenant=tenant),
        )
    return context


def _params(raw: list[str]) -> dict[str, str]:
    params = {}
    for item in raw:
        name, sep, value = item.partition("=")
        if not sep or not name:
            raise GatewayError(ErrorCode.PARAMETER_ERROR, BAD_PARAM.format(raw=item))
        params[name.lstrip(":")] = value
    return params


def _max_rows(raw: str | None) -> int | None:
    if raw is None:
        return None
    try:
        value = int(raw)
    except ValueError:
        value = 0
    if value < 1:
        raise GatewayError(ErrorCode.PARAMETER_ERROR, BAD_MAX_ROWS.format(raw=raw))
    return value
