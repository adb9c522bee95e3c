from project import env
from project.settings.base import *  # noqa: F403

DEBUG = env.read_bool("TESSERA_DEBUG")
