"""Shared parts of the `ask` and `act` commands: who is asking, in which thread, and how the
outcome is printed."""

import json
import uuid
from argparse import ArgumentTypeError
from datetime import date

from django.contrib.auth import get_user_model
from django.core.management.base import CommandError

from apps.accounts.access import AccessContext, AccessDenied, access_context_for_user
from apps.agent import selectors, services
from apps.agent.runtime import RunOutcome
from project.maintenance import owner_database


def parse_as_of(value: str) -> date:
    try:
        return date.fromisoformat(value)
    except ValueError as error:
        raise ArgumentTypeError(f"must be a date as YYYY-MM-DD, got {value!r}") from error


def access_for(username: str, tenant: str | None) -> AccessContext:
    user = get_user_model().objects.filter(username=username).first()
    if user is None:
        raise CommandError(f"no user named {username!r}")
    try:
        context = access_context_for_user(user)
    except AccessDenied as error:
        raise CommandError(str(error)) from error
    if tenant is not None and context.tenant_slug != tenant:
        raise CommandError(f"user {username!r} is not a member of tenant {tenant!r}")
    return context


def thread_owner(thread_id: str) -> str:
    """Username of a thread's owner, read from the directory as the owner role (trusted CLI)."""
    from apps.agent.models import ThreadDirectory

    try:
        parsed = uuid.UUID(thread_id)
    except ValueError as error:
        raise CommandError(f"--thread must be a thread id (a UUID), got {thread_id!r}") from error
    with owner_database() as alias:
        owner = (
            ThreadDirectory.objects.using(alias)
            .filter(thread_id=parsed)
            .values_list("user__username", flat=True)
            .first()
        )
    if owner is None:
        raise CommandError(f"thread {thread_id} does not exist")
    return owner


def thread_for(context: AccessContext, thread_id: str | None):
    if thread_id is None:
        return services.thread_create(context=context).id
    try:
        parsed = uuid.UUID(thread_id)
    except ValueError as error:
        raise CommandError(f"--thread must be a thread id (a UUID), got {thread_id!r}") from error
    if not selectors.thread_visible(context=context, thread_id=parsed):
        raise CommandError(f"thread {thread_id} does not exist or belongs to someone else")
    return parsed


def print_outcome(command, outcome: RunOutcome, *, as_json: bool) -> None:
    if as_json:
        command.stdout.write(json.dumps(outcome.as_json(), default=str))
        return
    for message in outcome.messages:
        who = "you" if message["role"] == "user" else "tessera"
        command.stdout.write(f"{who}: {message['text']}")
    for artifact in outcome.artifacts:
        line = f"[{artifact['kind']} {artifact['id']}]"
        if artifact["kind"] == "sql_result":
            line += f" {artifact.get('row_count', 0)} rows\n{artifact.get('sql', '')}"
        command.stdout.write(line)
    command.stdout.write(f"({outcome.status}; thread {outcome.thread_id}, run {outcome.run_id})")
