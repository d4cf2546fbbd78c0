package tui

import (
	"slices"
	"strings"
)

// Messages for people. The packages below the command line begin the text
// of their sentinel errors with their own name ("engine: ...", "cse: ...",
// as STYLE asks, so that a log or a test knows where one came from); a
// user reading feedsync's output needs none of them. userText words an
// error for the command line: every sentinel of feedsync's packages found
// in the error's chain loses its package's name, and the few whose text
// then still says too little are replaced by their wording below. Only
// errors in the chain are touched, never a name that merely looks like
// one (a file called "cse").

// packageNames are the names feedsync's packages give their errors.
var packageNames = []string{"engine", "sse", "ssefeed", "feeds", "fetch", "cse", "dialect", "diff", "share", "atomicfile", "xmlutil", "xmlscan", "resolver"}

// wordings replace sentinels, by their full text, where the text without
// the package's name is not what a person needs to read. (The command
// line cannot name engine/sse's sentinels themselves: it sees the
// dialects through feeds/dialect only.)
var wordings = map[string]string{
	"engine: not a valid RFC 2141 namespace specific string": "not a valid RFC 2141 NSS (letters, digits and ()+,-.:=@;$_!*'/?# only)",
	"sse: no such parent outline":                            "no outline has that id",
	"cse: no CSE cache in directory":                         "no CSE cache in this directory ('feedsync cse pull ROOT DIR' makes one)",
}

// userText is err's message as the command line prints it (see above).
func userText(err error) string {
	msg := err.Error()
	for _, e := range chain(err) {
		text := e.Error()
		name, rest, ok := strings.Cut(text, ": ")
		if !ok || !slices.Contains(packageNames, name) {
			continue
		}
		if w, ok := wordings[text]; ok {
			rest = w
		}
		msg = strings.ReplaceAll(msg, text, rest)
	}
	return msg
}

// chain lists err and every error it wraps, outermost first.
func chain(err error) []error {
	var out []error
	var walk func(error)
	walk = func(e error) {
		if e == nil {
			return
		}
		out = append(out, e)
		switch u := e.(type) {
		case interface{ Unwrap() error }:
			walk(u.Unwrap())
		case interface{ Unwrap() []error }:
			for _, w := range u.Unwrap() {
				walk(w)
			}
		}
	}
	walk(err)
	return out
}
