package fetch

import (
	"net/url"
	"strings"
)

// Redacted returns rawURL as it may be shown or stored: the password of
// its userinfo, if any, replaced by "xxxxx", as url.URL.Redacted does
// ("https://user:xxxxx@example.org/feed.xml"). A URL without a password
// comes back unchanged. One that does not parse is redacted all the same,
// between "://" and the last "@" before its path, so that an error about a
// malformed URL shows no password either.
func Redacted(rawURL string) string {
	if u, err := url.Parse(rawURL); err == nil {
		if _, ok := u.User.Password(); !ok {
			return rawURL
		}
		return u.Redacted()
	}
	scheme, rest, ok := strings.Cut(rawURL, "://")
	if !ok {
		return rawURL
	}
	authority := rest
	if end := strings.IndexAny(rest, "/?#"); end >= 0 {
		authority = rest[:end]
	}
	at := strings.LastIndex(authority, "@")
	if at < 0 {
		return rawURL
	}
	user, _, ok := strings.Cut(authority[:at], ":")
	if !ok {
		return rawURL
	}
	return scheme + "://" + user + ":xxxxx@" + rest[at+1:]
}
