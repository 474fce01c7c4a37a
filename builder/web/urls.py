"""The site's pages, mounted at ``/``."""

from django.urls import path

from builder.web.views import catalogue, home

app_name = "web"

urlpatterns = [
    path("", home.home, name="home"),
    path("catalogue/", catalogue.catalogue_index, name="catalogue"),
    path("catalogue/<slug:system>/", catalogue.catalogue_browse, name="catalogue-browse"),
    path(
        "catalogue/<slug:system>/<slug:type>/<slug:stable_id>/",
        catalogue.record_detail,
        name="record",
    ),
]

from builder.web.views import odds  # noqa: E402

urlpatterns += [
    path("odds/", odds.odds_page, name="odds"),
    path("odds/<slug:system>/", odds.odds_page, name="odds-system"),
]

from builder.web.views import build  # noqa: E402

urlpatterns += [
    path("build/", build.build_start, name="build-start"),
    path("build/<slug:system>/<slug:kind>/", build.build, name="build"),
    path("build/<slug:system>/<slug:kind>/export/", build.build_export, name="build-export"),
]

from builder.web.views import lists, reports  # noqa: E402

urlpatterns += [
    path("lists/", lists.my_lists, name="my-lists"),
    path("lists/<uuid:list_uuid>/", lists.saved_list, name="saved-list"),
    path("lists/<uuid:list_uuid>/duplicate/", lists.list_duplicate, name="list-duplicate"),
    path("lists/<uuid:list_uuid>/rename/", lists.list_rename, name="list-rename"),
    path("lists/<uuid:list_uuid>/trash/", lists.list_trash, name="list-trash"),
    path("lists/<uuid:list_uuid>/restore/", lists.list_restore, name="list-restore"),
    path("lists/<uuid:list_uuid>/share/", lists.list_share, name="list-share"),
    path("lists/<uuid:list_uuid>/upgrade/", lists.list_upgrade, name="list-upgrade"),
    path("lists/<uuid:list_uuid>/report/", reports.list_report, name="list-report"),
    path("lists/shared/<str:token>/", lists.shared_list, name="shared-list"),
]

from builder.web.views import collection  # noqa: E402

urlpatterns += [
    path("collection/", collection.collection, name="collection"),
    path("collection/<slug:system>/", collection.collection, name="collection-system"),
]

from builder.web.views import fights  # noqa: E402

urlpatterns += [
    path("fights/", fights.fights, name="fights"),
    path("fights/<uuid:public_id>/", fights.fight, name="fight"),
    path("fights/<uuid:public_id>/cancel/", fights.fight_cancel, name="fight-cancel"),
]

from builder.web.views import printing  # noqa: E402

urlpatterns += [
    path("print/", printing.print_start, name="print"),
    path("print/<int:job_id>/", printing.print_job, name="print-job"),
    path("print/<int:job_id>/pdf/", printing.print_pdf, name="print-pdf"),
    path("print/<int:job_id>/cancel/", printing.print_cancel, name="print-cancel"),
]

from builder.web.views import packs  # noqa: E402

urlpatterns += [
    path("packs/", packs.pack_index, name="packs"),
    path("packs/signing-key.pem", packs.signing_key_pem, name="signing-key"),
    path("packs/<slug:pack_id>/", packs.pack_detail, name="pack"),
    path("packs/<slug:pack_id>/<str:version>.json", packs.pack_file, name="pack-file"),
    path(
        "packs/<slug:pack_id>/<str:version>.json.sig", packs.pack_signature, name="pack-signature"
    ),
    path("packs/<slug:pack_id>/diff/<str:a>/<str:b>/", packs.pack_diff, name="pack-diff"),
]

from builder.web.views import proposals  # noqa: E402

urlpatterns += [
    path("proposals/", proposals.my_proposals, name="my-proposals"),
    path("proposals/<int:pk>/", proposals.proposal_detail, name="proposal"),
    path(
        "proposals/<int:pk>/withdraw/", proposals.proposal_withdraw_view, name="proposal-withdraw"
    ),
    path("proposals/new/<slug:system>/", proposals.proposal_new_choose, name="proposal-choose"),
    path("proposals/new/<slug:system>/<slug:type>/", proposals.proposal_new, name="proposal-new"),
    path(
        "proposals/correct/<slug:system>/<slug:type>/<slug:stable_id>/",
        proposals.proposal_correct,
        name="proposal-correct",
    ),
]

from builder.web.views import price_sheets  # noqa: E402

urlpatterns += [
    path("prices/", price_sheets.price_sheets, name="price-sheets"),
    path("prices/new/<slug:system>/", price_sheets.price_sheet_new, name="price-sheet-new"),
    path("prices/import/", price_sheets.price_sheet_upload, name="price-sheet-import"),
    path("prices/<uuid:sheet_uuid>/", price_sheets.price_sheet_edit, name="price-sheet"),
    path(
        "prices/<uuid:sheet_uuid>/delete/",
        price_sheets.price_sheet_remove,
        name="price-sheet-delete",
    ),
    path(
        "prices/<uuid:sheet_uuid>/new-link/",
        price_sheets.price_sheet_link,
        name="price-sheet-new-link",
    ),
    path(
        "prices/<uuid:sheet_uuid>/export/", price_sheets.price_sheet_file, name="price-sheet-export"
    ),
    path("prices/shared/<str:token>/", price_sheets.price_sheet_shared, name="price-sheet-shared"),
    path(
        "prices/shared/<str:token>/export/",
        price_sheets.price_sheet_shared_file,
        name="price-sheet-shared-export",
    ),
    path(
        "prices/shared/<str:token>/copy/",
        price_sheets.price_sheet_shared_copy,
        name="price-sheet-shared-copy",
    ),
]

from builder.web.views import play  # noqa: E402

urlpatterns += [
    path("play/", play.games, name="games"),
    path("play/join/<str:token>/", play.game_join_page, name="game-join"),
    path("play/watch/<str:token>/", play.game_watch, name="game-watch"),
    path("play/<uuid:public_id>/", play.game_page, name="game"),
    path("play/<uuid:public_id>/log/", play.game_log_since, name="game-log"),
    path("play/<uuid:public_id>/log.json", play.game_log_file, name="game-log-file"),
    path("play/<uuid:public_id>/verify/", play.game_verify_page, name="game-verify"),
    path("play/<uuid:public_id>/act/", play.game_action, name="game-act"),
    path("play/<uuid:public_id>/correct/", play.game_correction, name="game-correct"),
    path("play/<uuid:public_id>/orders/", play.game_orders, name="game-orders"),
    path("play/<uuid:public_id>/entropy/", play.game_entropy, name="game-entropy"),
    path("play/<uuid:public_id>/notices/", play.game_notices, name="game-notices"),
    path("play/<uuid:public_id>/<slug:what>/", play.game_control, name="game-control"),
]

from builder.web.views import campaigns  # noqa: E402

urlpatterns += [
    path("campaigns/", campaigns.campaigns, name="campaigns"),
    path("campaigns/join/<str:token>/", campaigns.campaign_join_page, name="campaign-join"),
    path("campaigns/<uuid:public_id>/", campaigns.campaign_page, name="campaign"),
    path(
        "campaigns/<uuid:public_id>/watch/<str:token>/",
        campaigns.campaign_watch,
        name="campaign-watch",
    ),
    path(
        "campaigns/<uuid:public_id>/watch/<str:token>/pilots/<slug:key>/",
        campaigns.campaign_watch_pilot,
        name="campaign-watch-pilot",
    ),
    path("campaigns/<uuid:public_id>/enrol/", campaigns.campaign_enrol, name="campaign-enrol"),
    path(
        "campaigns/<uuid:public_id>/games/", campaigns.campaign_game_new, name="campaign-game-new"
    ),
    path(
        "campaigns/<uuid:public_id>/games/<uuid:game_id>/experience/",
        campaigns.campaign_review,
        name="campaign-review",
    ),
    path("campaigns/<uuid:public_id>/award/", campaigns.campaign_award, name="campaign-award"),
    path("campaigns/<uuid:public_id>/print/", campaigns.campaign_print, name="campaign-print"),
    path(
        "campaigns/<uuid:public_id>/campaign.json", campaigns.campaign_file, name="campaign-file"
    ),
    path(
        "campaigns/<uuid:public_id>/pilots/<slug:key>/",
        campaigns.campaign_pilot,
        name="campaign-pilot",
    ),
    path(
        "campaigns/<uuid:public_id>/pilots/<slug:key>/<slug:what>/",
        campaigns.campaign_pilot_act,
        name="campaign-pilot-act",
    ),
]
