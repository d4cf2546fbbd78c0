package tui

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode"
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

// The words of messages: counts, lists of lines, and names from outside
// (paths, ids, titles) made safe to print.

// indent indents a message's lines by two spaces, keeping at most max
// of them.
func indent(msg string, max int) string {
	lines := strings.Split(strings.TrimRight(msg, "\n"), "\n")
	more := len(lines) - max
	if more > 0 {
		lines = append(lines[:max], fmt.Sprintf("... and %d more", more))
	}
	return "  " + strings.Join(lines, "\n  ") + "\n"
}

// count says "1 item", "2 items".
func count(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

// them says "it is" or "they are", of n things.
func them(n int) string {
	if n == 1 {
		return "it is"
	}
	return "they are"
}

// pathText is a file name as the driver's messages show it: as it is, or
// quoted with Go's escapes when it holds control characters, which would
// otherwise reach the terminal (git quotes such names too).
func pathText(p string) string {
	if strings.ContainsFunc(p, unicode.IsControl) {
		return strconv.Quote(p)
	}
	return p
}

// pathArg is a file name as a word of a shell command that a message
// suggests: quoted with Go's escapes when it holds control characters,
// else as cmdArg quotes it.
func pathArg(p string) string {
	if strings.ContainsFunc(p, unicode.IsControl) {
		return strconv.Quote(p)
	}
	return cmdArg(p)
}

// printable is s with its control characters escaped as Go escapes them:
// item ids and titles come from the branches being merged, and a newline
// or an escape sequence in one must not forge or hide lines of the report.
func printable(s string) string {
	if !strings.ContainsFunc(s, unicode.IsControl) {
		return s
	}
	q := strconv.Quote(s)
	return q[1 : len(q)-1]
}
