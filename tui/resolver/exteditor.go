package resolver

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"

	tea "charm.land/bubbletea/v2"
	"github.com/feedsync/feedsync/feeds/dialect"
)

// The file handed to $EDITOR (E) holds, from the top:
//
//   - the result to edit: the title on the first line, a blank line, then
//     the content, as the in-app editor has them (blank lines at the end of
//     the content are not kept);
//   - each other shared field that differs between the versions, under a
//     line of its own, "# ==== Label (key) ====", where key is the field's
//     key (dialect.Field.Key); emptying a field's text removes the field, and
//     removing its line leaves the field as it was;
//   - the scissors line of git's --cleanup=scissors,
//     "# ------------------------ >8 ------------------------";
//     everything from it down is ignored on reading, and a file without
//     it is refused and kept (the result cannot be told from the rest);
//   - below it, for reference and laid out the same way: the base when one
//     is known (the version the sides grew from, issue 30 item 4), then
//     every version (the winner, then each conflict version), labelled with
//     the endpoint and time of its latest change.
//
// With a base, the result starts as the merge view's does, from the
// three-way plan (what one side changed taken, the clashes the winner's),
// not as the winner's fields; a file left unchanged still decides nothing,
// as git's mergetool takes an untouched file (C or the merge view applies
// the combination as it stands).
//
// A result that empties the title or the content where a version has one
// is refused as the merge view refuses it (emptied).
//
// Lines that start with "#" above the scissors line are text, not
// comments, since content may hold such lines; only a field line whose key
// was offered is read as one.

// scissors is git's line: everything from it down is ignored.
const scissors = "# ------------------------ >8 ------------------------"

// sheetField is one field of the file beyond the title and the content.
type sheetField struct{ key, label, value string }

// sheetFields are the fields of one version as the file lays them out.
type sheetFields struct {
	title, content string
	extra          []sheetField
}

// sheetRef is a version shown below the scissors line.
type sheetRef struct {
	label  string // "winner · by alice-laptop · 2026-03-08 10:00:00Z"
	fields sheetFields
}

// editSheet is the whole file: the result and the versions.
type editSheet struct {
	result sheetFields
	refs   []sheetRef
}

// fieldLine introduces a field other than the title and the content.
func fieldLine(f sheetField) string { return "# ==== " + f.label + " (" + f.key + ") ====" }

// write lays out one version's fields.
func (f sheetFields) write(b *strings.Builder) {
	b.WriteString(f.title + "\n\n")
	if f.content != "" {
		b.WriteString(strings.TrimSuffix(f.content, "\n") + "\n")
	}
	for _, x := range f.extra {
		b.WriteString("\n" + fieldLine(x) + "\n")
		if x.value != "" {
			b.WriteString(strings.TrimSuffix(x.value, "\n") + "\n")
		}
	}
}

// bytes formats the file.
func (s editSheet) bytes() []byte {
	var b strings.Builder
	s.result.write(&b)
	b.WriteString("\n" + scissors + "\n")
	b.WriteString("# Do not modify or remove the line above.\n# Everything below it is ignored.\n#\n")
	b.WriteString("# Above it, the result: the title on the first line, a blank line, then the\n")
	b.WriteString("# content; each other field that differs follows under its own \"# ====\" line,\n")
	b.WriteString("# and emptying one removes it. Below, for reference, the base the versions\n")
	b.WriteString("# grew from when it is known, then every version.\n")
	for _, r := range s.refs {
		b.WriteString("\n======== " + r.label + " ========\n")
		r.fields.write(&b)
	}
	return []byte(b.String())
}

// errNoScissors is a file whose scissors line is gone: the result cannot
// be told from the instructions and the versions below it, which would
// all be read as content.
var errNoScissors = errors.New("the scissors line (" + scissors + ") is gone, so the result cannot be told from what was below it")

// parseSheet reads back the result from what the person left in the file;
// extra are the fields the file offered, whose lines it looks for. A file
// without the scissors line is errNoScissors.
func parseSheet(b []byte, extra []sheetField) (sheetFields, error) {
	s := strings.ReplaceAll(string(b), "\r\n", "\n")
	i := scissorsAt(s)
	if i < 0 {
		return sheetFields{}, errNoScissors
	}
	s = s[:i]
	title, rest, _ := strings.Cut(s, "\n")
	rest = strings.TrimPrefix(rest, "\n")
	out := sheetFields{title: strings.TrimSpace(title), extra: extra}
	headers := map[string]int{}
	for i, f := range extra {
		headers[fieldLine(f)] = i
	}
	out.extra = append([]sheetField(nil), extra...)
	cur := -1 // the content; i for extra[i]
	var text []string
	flush := func() {
		for len(text) > 0 && strings.TrimSpace(text[len(text)-1]) == "" {
			text = text[:len(text)-1] // blank lines before a field line or the scissors
		}
		if cur < 0 {
			out.content = strings.Join(text, "\n")
		} else {
			out.extra[cur].value = strings.Join(text, "\n")
		}
	}
	if rest = strings.TrimSuffix(rest, "\n"); rest != "" {
		for l := range strings.SplitSeq(rest, "\n") {
			if i, ok := headers[l]; ok {
				flush()
				cur, text = i, nil
				continue
			}
			text = append(text, l)
		}
	}
	flush()
	return out, nil
}

// scissorsAt returns where the scissors line starts, or -1.
func scissorsAt(s string) int {
	if strings.HasPrefix(s, scissors+"\n") || s == scissors {
		return 0
	}
	if i := strings.Index(s, "\n"+scissors+"\n"); i >= 0 {
		return i + 1
	}
	if strings.HasSuffix(s, "\n"+scissors) {
		return len(s) - len(scissors)
	}
	return -1
}

// equal reports whether two readings of the file say the same.
func (f sheetFields) equal(o sheetFields) bool {
	if f.title != o.title || f.content != o.content || len(f.extra) != len(o.extra) {
		return false
	}
	for i := range f.extra {
		if f.extra[i] != o.extra[i] {
			return false
		}
	}
	return true
}

// extReadyMsg reports the temp file written for $EDITOR.
type extReadyMsg struct {
	pos      int
	entry    dialect.Entry // the state of the item written
	versions []int
	path     string
	orig     sheetFields // the result as written
	err      error
}

// extExitMsg reports that the editor exited.
type extExitMsg struct {
	extReadyMsg
	runErr error
	stderr string // the end of what the editor wrote to standard error
}

// extResultMsg carries what the editor left in the file.
type extResultMsg struct {
	pos      int
	entry    dialect.Entry // the state of the item the file was written from
	path     string        // the file, kept when it holds an edit (extResult removes it)
	versions []int
	result   sheetFields
	changed  bool
	err      error
	kept     bool // err is in the file's text, which is kept at path
}

// writeEditFile is the Cmd that writes the temp file for $EDITOR.
func writeEditFile(pos int, e dialect.Entry, versions []int, sheet editSheet) tea.Cmd {
	return func() tea.Msg {
		b := sheet.bytes()
		// What the file says as written, so that what only the layout
		// changes (a final newline) is not taken for an edit.
		msg := extReadyMsg{pos: pos, entry: e, versions: versions}
		msg.orig, msg.err = parseSheet(b, sheet.result.extra) // what bytes wrote, scissors and all
		if msg.err != nil {
			return msg
		}
		f, err := os.CreateTemp("", "feedsync-edit-*.txt")
		if err != nil {
			msg.err = err
			return msg
		}
		msg.path = f.Name()
		_, err = f.Write(b)
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		msg.err = err
		return msg
	}
}

// stderrTail keeps the last bytes written to it, to show when the editor
// fails; what the editor writes still reaches the terminal.
type stderrTail struct{ buf []byte }

const stderrKeep = 2048

func (t *stderrTail) Write(p []byte) (int, error) {
	t.buf = append(t.buf, p...)
	if len(t.buf) > stderrKeep {
		t.buf = t.buf[len(t.buf)-stderrKeep:]
	}
	return len(p), nil
}

// runEditor leaves the UI for the editor on the temp file.
func runEditor(argv []string, ready extReadyMsg) tea.Cmd {
	args := append(append([]string{}, argv[1:]...), ready.path)
	c := exec.Command(argv[0], args...)
	tail := &stderrTail{}
	c.Stderr = io.MultiWriter(os.Stderr, tail)
	return tea.ExecProcess(c, func(err error) tea.Msg {
		return extExitMsg{ready, err, strings.TrimSpace(string(bytes.ToValidUTF8(tail.buf, nil)))}
	})
}

// removeEditFile is the Cmd that removes the file once its edit is recorded.
func removeEditFile(path string) tea.Cmd {
	return func() tea.Msg {
		os.Remove(path)
		return nil
	}
}

// readEditFile is the Cmd that reads the file back and removes it, unless
// it holds an edit: extResult removes that once it is recorded.
func readEditFile(exit extExitMsg) tea.Cmd {
	return func() tea.Msg {
		res := extResultMsg{pos: exit.pos, entry: exit.entry, path: exit.path, versions: exit.versions}
		defer func() {
			if !res.changed && !res.kept {
				os.Remove(exit.path)
			}
		}()
		if exit.runErr != nil {
			res.err = exit.runErr
			if exit.stderr != "" {
				res.err = fmt.Errorf("%w: %s", exit.runErr, oneLine(exit.stderr))
			}
			return res
		}
		b, err := os.ReadFile(exit.path)
		if err != nil {
			res.err = err
			return res
		}
		if res.result, err = parseSheet(b, exit.orig.extra); err != nil {
			res.err, res.kept = err, true
			return res
		}
		res.changed = !res.result.equal(exit.orig)
		return res
	}
}
