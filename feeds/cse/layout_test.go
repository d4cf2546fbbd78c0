package cse

import (
	"errors"
	"net/url"
	"path/filepath"
	"strings"
	"testing"
)

// TestResolve covers "Relative URL's are treated as relative to the URL of
// the enclosing feed", and the links feedsync refuses.
func TestResolve(t *testing.T) {
	base, _ := url.Parse("http://example.test/a/feed.xml")
	cases := []struct {
		name, ref, want string
		err             bool
	}{
		{"sibling", "x.jpg", "http://example.test/a/x.jpg", false},
		{"below", "img/x.jpg", "http://example.test/a/img/x.jpg", false},
		{"above", "../x.jpg", "http://example.test/x.jpg", false},
		{"above the host root stays at it", "../../../x.jpg", "http://example.test/x.jpg", false},
		{"absolute path", "/x.jpg", "http://example.test/x.jpg", false},
		{"absolute URL", "https://other.test/x.jpg", "https://other.test/x.jpg", false},
		{"fragment dropped", "x.jpg#part", "http://example.test/a/x.jpg", false},
		{"query kept", "x.jpg?size=2", "http://example.test/a/x.jpg?size=2", false},
		{"spaces around", "  x.jpg\n", "http://example.test/a/x.jpg", false},
		{"ftp", "ftp://example.test/x", "", true},
		{"mailto", "mailto:a@example.test", "", true},
		{"file with a host", "file://server/share/x", "", true},
		{"backslash", `..\x.jpg`, "", true},
		{"control character", "x\x07.jpg", "", true},
		{"too long", strings.Repeat("a", maxLinkLen+1), "", true},
		{"http without host", "http:///x", "", true},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			u, err := resolve(base, strings.TrimSpace(tc.ref))
			switch {
			case tc.err && err == nil:
				t.Errorf("resolve(%q) = %v, want an error", tc.ref, u)
			case !tc.err && (err != nil || u.String() != tc.want):
				t.Errorf("resolve(%q) = %v, %v; want %s", tc.ref, u, err, tc.want)
			}
		})
	}
}

// TestLocalPath covers "a local tree never reads outside its root
// directory", however the link is spelt.
func TestLocalPath(t *testing.T) {
	dir := filepath.FromSlash("/srv/tree")
	base := fileURL(filepath.Join(dir, "root.xml"))
	cases := []struct {
		name, ref, want string
	}{
		{"inside", "a/b.xml", "a/b.xml"},
		{"dot segments that stay inside", "a/../b.xml", "b.xml"},
		{"parent", "../secret", ""},
		{"percent-encoded parent", "%2e%2e/secret", ""},
		{"percent-encoded slash", "a%2f..%2f..%2fsecret", ""},
		{"absolute path", "/etc/passwd", ""},
		{"file URL outside", "file:///etc/passwd", ""},
		{"file URL inside", "file:///srv/tree/x", "x"},
		{"opaque file URL", "file:x", ""},
		{"the root folder itself is inside", ".", "."},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			u, err := resolve(base, tc.ref)
			if err == nil {
				var rel string
				rel, err = localPath(dir, u)
				if err == nil && filepath.ToSlash(rel) != tc.want {
					t.Errorf("localPath(%q) = %q, want %q", tc.ref, rel, tc.want)
				}
			}
			if tc.want == "" && (err == nil || !errors.Is(err, ErrOutside) && !errors.Is(err, ErrScheme)) {
				t.Errorf("localPath(%q): error %v, want ErrOutside", tc.ref, err)
			}
			if tc.want != "" && err != nil {
				t.Errorf("localPath(%q): %v", tc.ref, err)
			}
		})
	}
}

// TestSafeName covers the readable part of the cache layout.
func TestSafeName(t *testing.T) {
	cases := []struct{ name, in, want string }{
		{"plain", "http://h/a/photo.jpg", "photo.jpg"},
		{"query ignored", "http://h/a/photo.jpg?x=1", "photo.jpg"},
		{"directory", "http://h/a/", "index"},
		{"dot dot", "http://h/a/%2e%2e", "index"},
		{"hidden file", "http://h/.htaccess", "htaccess"},
		{"spaces and unicode", "http://h/my%20ph%C3%B6to.jpg", "my_ph_to.jpg"},
		{"encoded slashes split segments", "http://h/a%2Fb%2F..%2Fc", "c"},
		{"long keeps its end", "http://h/" + strings.Repeat("x", 200) + ".jpg", strings.Repeat("x", maxNameLen-4) + ".jpg"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if got := safeName(tc.in); got != tc.want {
				t.Errorf("safeName(%q) = %q, want %q", tc.in, got, tc.want)
			}
		})
	}
}
