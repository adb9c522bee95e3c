from django.urls import path

from apps.objects import views

urlpatterns = [
    path("pipeline/", views.board, name="pipeline"),
    path("pipeline/<int:candidate_id>/", views.candidate, name="pipeline-candidate"),
    path("pipeline/<int:candidate_id>/move/", views.move, name="pipeline-move"),
]
