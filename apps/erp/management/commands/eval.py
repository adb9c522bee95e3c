"""`manage.py eval questions FILE`: measure a planner (builtin or a language model) on
questions with known answers. See apps/erp/eval/questions.py for the file's shape."""

import json
from argparse import ArgumentTypeError
from dataclasses import replace
from datetime import date
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from apps.agent import cli
from apps.agent import config as agent_config
from apps.agent.providers import BuiltinProvider, build_provider
from apps.erp.eval.questions import QuestionFileError, load_questions
from apps.erp.eval.runner import QuestionResult, evaluate, summary

PROVIDERS = ("builtin", "openai", "anthropic")
DEFAULT_TENANT, DEFAULT_USER = "acme", "ana"


def _accuracy(value: str) -> float:
    try:
        number = float(value)
    except ValueError as error:
        raise ArgumentTypeError(f"must be a number, got {value!r}") from error
    number = number / 100 if number > 1 else number
    if not 0 <= number <= 1:
        raise ArgumentTypeError("must be a share (0.95) or a percentage (95)")
    return number


def _provider_factory(name: str | None):
    """A new provider per question: builtin, or the configured model with this kind."""
    if name == "builtin":
        return BuiltinProvider
    try:
        config = agent_config.load()
        if name is not None and name != config.provider.kind:
            config = replace(config, provider=replace(config.provider, kind=name))
            if not config.provider.model:
                raise agent_config.ConfigError(
                    f"--provider {name}: set TESSERA_MODEL to the model name"
                )
    except agent_config.ConfigError as error:
        raise CommandError(str(error)) from error
    return lambda: build_provider(config)


class Command(BaseCommand):
    help = (
        "Ask a file of questions (JSON Lines) through the agent and compare each answer with "
        "its gold SQL's rows or its expected refusal or clarification."
    )

    def add_arguments(self, parser):
        parser.add_argument("what", choices=["questions"], help="What to evaluate.")
        parser.add_argument("file", type=Path, help="JSON Lines: id, question, gold_sql|expect.")
        parser.add_argument("--provider", choices=PROVIDERS, help="Default: the configured one.")
        parser.add_argument("--tenant", default=DEFAULT_TENANT, help="Tenant slug (default acme).")
        parser.add_argument("--user", default=DEFAULT_USER, help="Username (default ana).")
        parser.add_argument(
            "--as-of", type=cli.parse_as_of, default=None, help="Date questions are asked on."
        )
        parser.add_argument("--min-accuracy", type=_accuracy, default=None)
        parser.add_argument("--json", action="store_true", help="Print one JSON object.")

    def handle(self, *args, file, provider, tenant, user, as_of, min_accuracy, **options):
        as_json = options["json"]
        try:
            questions = load_questions(file)
        except QuestionFileError as error:
            raise CommandError(str(error)) from error
        context = cli.access_for(user, tenant)
        factory = _provider_factory(provider)
        printer = None if as_json else self._line
        try:
            results = evaluate(
                questions,
                context=context,
                provider=factory,
                as_of=as_of or date.today(),
                on_result=printer,
            )
        except QuestionFileError as error:
            raise CommandError(str(error)) from error
        report = summary(results)
        if as_json:
            self.stdout.write(_dumps(report))
        else:
            self._summary(report)
        if report["wrong"]:
            raise CommandError(f"{report['wrong']} wrong answer(s)", returncode=1)
        if min_accuracy is not None and report["accuracy"] < min_accuracy:
            raise CommandError(
                f"accuracy {report['accuracy']:.1%} is below {min_accuracy:.1%}", returncode=1
            )

    def _line(self, result: QuestionResult) -> None:
        reason = f"  ({result.reason})" if result.status != "ok" and result.reason else ""
        self.stdout.write(f"{result.status:<9} {result.id}  {result.question}{reason}")

    def _summary(self, report: dict) -> None:
        self.stdout.write(
            f"{report['total']} questions: {report['right']} right, {report['wrong']} wrong, "
            f"{report['refused']} refused, {report['clarified']} clarified; "
            f"execution accuracy {report['accuracy']:.1%}"
        )


def _dumps(report: dict) -> str:
    return json.dumps(report, ensure_ascii=False)
