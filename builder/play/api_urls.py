"""Routes of the game table: ``games/`` and the read-only ``spectate/{token}/``."""

from django.urls import path

from builder.play import apis

urlpatterns = [
    path("games/", apis.GameListCreateApi.as_view(), name="game-list"),
    path("games/join/<str:token>/", apis.GameJoinApi.as_view(), name="game-join"),
    path("games/<uuid:public_id>/", apis.GameDetailApi.as_view(), name="game-detail"),
    path("games/<uuid:public_id>/entropy/", apis.GameEntropyApi.as_view(), name="game-entropy"),
    path("games/<uuid:public_id>/log/", apis.GameLogApi.as_view(), name="game-log"),
    path("games/<uuid:public_id>/log/file/", apis.GameLogFileApi.as_view(), name="game-log-file"),
    path("games/<uuid:public_id>/actions/", apis.GameActionApi.as_view(), name="game-actions"),
    path(
        "games/<uuid:public_id>/corrections/",
        apis.GameCorrectionApi.as_view(),
        name="game-corrections",
    ),
    path("games/<uuid:public_id>/orders/", apis.GameOrdersApi.as_view(), name="game-orders"),
    path("games/<uuid:public_id>/phase/", apis.GamePhaseApi.as_view(), name="game-phase"),
    path("games/<uuid:public_id>/turn/", apis.GameTurnApi.as_view(), name="game-turn"),
    path("games/<uuid:public_id>/reveal/", apis.GameRevealApi.as_view(), name="game-reveal"),
    path("games/<uuid:public_id>/end/", apis.GameEndApi.as_view(), name="game-end"),
    path("games/<uuid:public_id>/notices/", apis.GameNoticesApi.as_view(), name="game-notices"),
    path("spectate/<str:token>/", apis.SpectateApi.as_view(), name="game-spectate"),
]
