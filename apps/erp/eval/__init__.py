"""Measuring a planner on questions with known answers: `manage.py eval questions FILE`."""
