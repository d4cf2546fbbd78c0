package fetch

import "testing"

// A password in a URL is never shown or stored: Redacted hides it, in a
// URL that parses and in one that does not.
func TestRedactedHidesPasswords(t *testing.T) {
	for _, tc := range []struct{ name, in, want string }{
		{"password", "https://user:s3cret@example.org/feed.xml", "https://user:xxxxx@example.org/feed.xml"},
		{"escaped_password", "http://user:p%40ss@example.org:8080/?q=1", "http://user:xxxxx@example.org:8080/?q=1"},
		{"user_only", "https://user@example.org/feed.xml", "https://user@example.org/feed.xml"},
		{"no_userinfo", "http://127.0.0.1:8080/", "http://127.0.0.1:8080/"},
		{"unparsed_kept_as_is", "http://example.org/a%zz", "http://example.org/a%zz"},
		{"bad_port", "http://user:s3cret@example.org:port/x", "http://user:xxxxx@example.org:port/x"},
		{"bad_port_at_in_path", "http://u:s3cret@h:x/a@b", "http://u:xxxxx@h:x/a@b"},
		{"bad_escape_in_password", "http://u:s3%zz@h/", "http://u:xxxxx@h/"},
		{"not_a_url", "feed.xml", "feed.xml"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := Redacted(tc.in); got != tc.want {
				t.Errorf("Redacted(%q) = %q, want %q", tc.in, got, tc.want)
			}
		})
	}
}
