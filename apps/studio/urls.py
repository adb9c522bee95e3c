from django.urls import path

from apps.studio import views

urlpatterns = [
    path("studio/history/", views.history, name="studio_history"),
    path("studio/history/<str:action>/", views.history_action, name="studio_history_action"),
    path(
        "studio/shortcuts/<slug:shortcut_id>/ask/", views.shortcut_ask, name="studio_shortcut_ask"
    ),
]
