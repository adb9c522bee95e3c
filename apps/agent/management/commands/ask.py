from django.core.management.base import BaseCommand, CommandError

from apps.agent import cli
from apps.agent.inbound import MAX_TEXT, UserText
from apps.agent.runtime import run_execute


class Command(BaseCommand):
    help = "Send one request through the agent runtime and print the outcome."

    def add_arguments(self, parser):
        parser.add_argument("question")
        parser.add_argument("--tenant", required=True, help="Tenant slug the user belongs to.")
        parser.add_argument("--user", required=True, help="Username to act as.")
        parser.add_argument("--thread", help="Continue this thread (default: a new one).")
        parser.add_argument(
            "--as-of", type=cli.parse_as_of, help="Date relative dates resolve against."
        )
        parser.add_argument("--json", action="store_true", help="Print one JSON object.")

    def handle(self, *args, question, tenant, user, thread, as_of, json, **options):
        question = question.strip()
        if not question or len(question) > MAX_TEXT:
            raise CommandError(f"the question must have 1 to {MAX_TEXT} characters")
        context = cli.access_for(user, tenant)
        thread_id = cli.thread_for(context, thread)
        outcome = run_execute(
            context=context,
            thread_id=thread_id,
            message=UserText(type="message", text=question),
            as_of=as_of,
        )
        cli.print_outcome(self, outcome, as_json=json)
