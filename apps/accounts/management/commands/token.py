"""`manage.py token create|revoke|list`: personal API tokens from the command line.

token create --user ana [--name ci] [--expires-days 30]   # the token alone on the last line
token revoke NAME_OR_ID
token list
"""

from django.core.management.base import BaseCommand, CommandError
from django.utils import timezone

from apps.accounts import selectors, services
from apps.agent import cli


def _when(moment) -> str:
    return timezone.localtime(moment).strftime("%Y-%m-%d %H:%M") if moment else "-"


def _status(token) -> str:
    if token.revoked_at:
        return "revoked"
    if token.expires_at and token.expires_at <= timezone.now():
        return "expired"
    return "active"


class Command(BaseCommand):
    help = "Create, revoke and list personal API tokens (Authorization: Bearer)."

    def add_arguments(self, parser):
        commands = parser.add_subparsers(dest="command", required=True)
        create = commands.add_parser("create", help="Create a token; prints it once.")
        create.add_argument("--user", required=True, help="Username the token acts as.")
        create.add_argument("--name", default="", help="A name to recognise it by.")
        create.add_argument("--expires-days", type=int, default=None, help="Days until it expires.")
        revoke = commands.add_parser("revoke", help="Revoke a token by its name or id.")
        revoke.add_argument("name_or_id")
        commands.add_parser("list", help="Every token: id, user, tenant, role, status, use.")

    def handle(self, *args, command, **options):
        getattr(self, f"_{command}")(**options)

    def _create(self, *, user, name, expires_days, **options):
        context = cli.access_for(user, None)
        try:
            row, token = services.token_create(
                context=context, name=name, expires_days=expires_days
            )
        except services.TokenInvalid as error:
            raise CommandError(str(error)) from error
        expiry = f", expires {_when(row.expires_at)}" if row.expires_at else ", no expiry"
        self.stdout.write(
            f"Token {row.id} ({row.name}) for {context.username} in {context.tenant_name} "
            f"as {context.role}{expiry}. It is shown only now:"
        )
        self.stdout.write(token)

    def _revoke(self, *, name_or_id, **options):
        matches = [t for t in selectors.tokens_all() if name_or_id in (t.id, t.name)]
        if not matches:
            raise CommandError(f"no token has the id or name {name_or_id!r}")
        if len(matches) > 1:
            listed = ", ".join(f"{t.id} ({t.user.username})" for t in matches)
            raise CommandError(
                f"{len(matches)} tokens are named {name_or_id!r}: {listed}; give the id"
            )
        [token] = matches
        context = next(c for c in selectors.operator_contexts() if c.tenant_id == token.tenant_id)
        services.token_revoke(context=context, token_id=token.id)
        self.stdout.write(f"Revoked token {token.id} ({token.name}) of {token.user.username}.")

    def _list(self, **options):
        rows = [
            (
                t.id,
                t.user.username,
                t.tenant.slug,
                t.role,
                t.name,
                _status(t),
                _when(t.created_at),
                _when(t.expires_at),
                _when(t.last_used_at),
            )
            for t in selectors.tokens_all()
        ]
        header = (
            "id",
            "user",
            "tenant",
            "role",
            "name",
            "status",
            "created",
            "expires",
            "last used",
        )
        widths = [max(len(str(row[i])) for row in [header, *rows]) for i in range(len(header))]
        for row in [header, *rows]:
            self.stdout.write(
                "  ".join(
                    str(cell).ljust(width) for cell, width in zip(row, widths, strict=True)
                ).rstrip()
            )
