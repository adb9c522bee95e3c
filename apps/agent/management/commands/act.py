import json as jsonlib

from django.core.management.base import BaseCommand, CommandError
from pydantic import ValidationError

from apps.agent import cli
from apps.agent.inbound import parse_client_message
from apps.agent.runtime import ActionRejected, run_execute


class Command(BaseCommand):
    help = "Send an A2UI user action to a thread and print the outcome of the continued run."

    def add_arguments(self, parser):
        parser.add_argument("--thread", required=True, help="Thread id.")
        parser.add_argument("--surface", required=True, help="Surface id the action comes from.")
        parser.add_argument("--action", required=True, help="Action name.")
        parser.add_argument(
            "--context", default="{}", help="Resolved action context as a JSON object."
        )
        parser.add_argument(
            "--source", default="", help="Id of the component that fired the action."
        )
        parser.add_argument(
            "--as-of", type=cli.parse_as_of, help="Date relative dates resolve against."
        )
        parser.add_argument("--json", action="store_true", help="Print one JSON object.")

    def handle(self, *args, thread, surface, action, context, source, as_of, json, **options):
        try:
            action_context = jsonlib.loads(context)
        except ValueError as error:
            raise CommandError(f"--context must be a JSON object: {error}") from error
        try:
            message = parse_client_message(
                {
                    "type": "action",
                    "action": {
                        "name": action,
                        "surfaceId": surface,
                        "sourceComponentId": source,
                        "context": action_context,
                    },
                }
            )
        except ValidationError as error:
            raise CommandError(f"invalid action: {error.errors(include_url=False)}") from error
        # The thread's owner acts, with their own access context.
        access = cli.access_for(cli.thread_owner(thread), None)
        thread_id = cli.thread_for(access, thread)
        try:
            outcome = run_execute(context=access, thread_id=thread_id, message=message, as_of=as_of)
        except ActionRejected as error:
            raise CommandError(str(error)) from error
        cli.print_outcome(self, outcome, as_json=json)
