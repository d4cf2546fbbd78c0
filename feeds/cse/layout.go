package cse

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"net/url"
	"path"
	"path/filepath"
	"strings"
	"unicode/utf8"
)

// maxLinkLen bounds a link's text; longer ones are refused, not truncated.
const maxLinkLen = 8 << 10

// maxNameLen bounds the readable part of a cached file's name, in bytes.
const maxNameLen = 80

// Sentinel errors for links feedsync refuses to follow.
var (
	ErrScheme  = errors.New("cse: not http, https or a local path")
	ErrOutside = errors.New("cse: leaves the tree's root directory")
)

// linkError is a csx:link that feedsync will not follow, and why.
type linkError struct {
	ref string
	err error
}

func (e *linkError) Error() string {
	return fmt.Sprintf("link %q: %s", clip(e.ref), strings.TrimPrefix(e.err.Error(), "cse: "))
}

func (e *linkError) Unwrap() error { return e.err }

// refuse wraps err as a linkError about ref, unless it already is one.
func refuse(ref string, err error) error {
	var le *linkError
	if errors.As(err, &le) {
		return err
	}
	return &linkError{ref, err}
}

// resolve turns a csx:link's text into an absolute URL, relative to the URL
// of the enclosing feed ("<csx:link> element(s) within RSS <item>").
func resolve(base *url.URL, ref string) (*url.URL, error) {
	if len(ref) > maxLinkLen {
		return nil, refuse(ref, fmt.Errorf("%d bytes is too long", len(ref)))
	}
	if strings.ContainsAny(ref, "\\\x00") || strings.ContainsFunc(ref, isControl) {
		return nil, refuse(ref, errors.New("holds a backslash or control character"))
	}
	r, err := url.Parse(ref)
	if err != nil {
		return nil, refuse(ref, err)
	}
	u := base.ResolveReference(r)
	u.Fragment, u.RawFragment = "", ""
	if err := checkScheme(u); err != nil {
		return nil, refuse(ref, err)
	}
	return u, nil
}

// checkScheme admits http and https URLs with a host, and host-less file
// URLs, which stand for local paths.
func checkScheme(u *url.URL) error {
	switch u.Scheme {
	case "http", "https":
		if u.Host == "" {
			return errors.New("no host")
		}
		return nil
	case "file":
		if u.Host != "" && u.Host != "localhost" {
			return ErrScheme
		}
		u.Host = ""
		return nil
	}
	return ErrScheme
}

// localPath returns the file a file URL names, relative to dir, refusing
// any that would leave dir, however it is spelt.
func localPath(dir string, u *url.URL) (string, error) {
	if u.Scheme != "file" {
		return "", ErrScheme
	}
	abs := filepath.FromSlash(path.Clean("/" + u.Path))
	rel, err := filepath.Rel(dir, abs)
	if err != nil || !filepath.IsLocal(rel) {
		return "", ErrOutside
	}
	return rel, nil
}

// fileURL is the URL feedsync uses for a local path.
func fileURL(abs string) *url.URL {
	return &url.URL{Scheme: "file", Path: filepath.ToSlash(abs)}
}

// cacheKey names a URL in the cache: the first 128 bits of the SHA-256 of
// its text, in hex. It holds nothing from the URL itself, so no link can
// steer where its file lands.
func cacheKey(u string) string {
	sum := sha256.Sum256([]byte(u))
	return hex.EncodeToString(sum[:16])
}

// cachePath is where a URL's bytes are kept, relative to the cache
// directory: files/<k[:2]>/<k>-<name>, where k is the cache key and name is
// the last path segment made safe, so a person browsing the cache can tell
// the files apart.
func cachePath(u string) string {
	k := cacheKey(u)
	return path.Join("files", k[:2], k+"-"+safeName(u))
}

// entryPath is where the record of a URL is kept, relative to the cache
// directory.
func entryPath(u string) string {
	k := cacheKey(u)
	return path.Join(stateDir, "entries", k[:2], k+".json")
}

// safeName is the last path segment of a URL, percent-decoded, with every
// byte outside [A-Za-z0-9._-] replaced by '_', no leading dot, and at most
// maxNameLen bytes. It is never empty and never a path of its own.
func safeName(raw string) string {
	seg := raw
	if u, err := url.Parse(raw); err == nil {
		seg = u.Path
	}
	seg = seg[strings.LastIndex(seg, "/")+1:]
	var b strings.Builder
	for _, r := range seg {
		b.WriteRune(safeRune(r))
	}
	name := strings.TrimLeft(b.String(), "._")
	if len(name) > maxNameLen {
		name = name[len(name)-maxNameLen:]
	}
	if name == "" {
		return "index"
	}
	return name
}

func safeRune(r rune) rune {
	switch {
	case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9':
		return r
	case r == '.', r == '-', r == '_':
		return r
	}
	return '_'
}

func isControl(r rune) bool {
	return r < 0x20 || r == 0x7f
}

// clip shortens text for messages.
func clip(s string) string {
	const max = 120
	if len(s) <= max {
		return s
	}
	cut := max
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + "…"
}
