"""Marks every request public (``tournaments.people``) except those
of the staff areas: the TD's and the club's pages, the admin, logins and the
table-side pages (whose players sit at one table and know each other)."""

from tournaments.people import for_public

#: Paths where the full name is shown; everything else is public.
STAFF_PREFIXES = (
    "/manage/",
    "/players/",
    "/clubs/",
    "/import/",
    "/admin/",
    "/accounts/",
    "/k/",
    "/rules/",
    "/language/",
)


class PublicNamesMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        staff = request.path_info.startswith(STAFF_PREFIXES)
        with for_public(not staff):
            return self.get_response(request)
