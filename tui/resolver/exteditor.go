package resolver

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"strings"

	tea "charm.land/bubbletea/v2"
)

// The file handed to $EDITOR holds the title on its first line, then a
// blank line, then the content.

// extReadyMsg reports the temp file written for $EDITOR.
type extReadyMsg struct {
	pos      int
	versions []int
	path     string
	orig     []byte
	err      error
}

// extExitMsg reports that the editor exited.
type extExitMsg struct {
	extReadyMsg
	runErr error
}

// extResultMsg carries what the editor left in the file.
type extResultMsg struct {
	pos            int
	versions       []int
	title, content string
	changed        bool
	err            error
}

// errNoEditor: E was pressed without $EDITOR.
var errNoEditor = errors.New("no $EDITOR: set it, or edit in the app with e")

// editFile formats a title and content for the editor.
func editFile(title, content string) []byte {
	return []byte(title + "\n\n" + strings.TrimSuffix(content, "\n") + "\n")
}

// parseEditFile reads back what editFile wrote, as the person left it.
func parseEditFile(b []byte) (title, content string) {
	s := strings.ReplaceAll(string(b), "\r\n", "\n")
	title, rest, _ := strings.Cut(s, "\n")
	rest = strings.TrimPrefix(rest, "\n")
	return strings.TrimSpace(title), strings.TrimSuffix(rest, "\n")
}

// writeEditFile is the Cmd that writes the temp file for $EDITOR.
func writeEditFile(pos int, versions []int, title, content string) tea.Cmd {
	return func() tea.Msg {
		msg := extReadyMsg{pos: pos, versions: versions, orig: editFile(title, content)}
		f, err := os.CreateTemp("", "feedsync-edit-*.txt")
		if err != nil {
			msg.err = err
			return msg
		}
		msg.path = f.Name()
		_, err = f.Write(msg.orig)
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		msg.err = err
		return msg
	}
}

// runEditor leaves the UI for the editor on the temp file.
func runEditor(argv []string, ready extReadyMsg) tea.Cmd {
	args := append(append([]string{}, argv[1:]...), ready.path)
	c := exec.Command(argv[0], args...)
	return tea.ExecProcess(c, func(err error) tea.Msg { return extExitMsg{ready, err} })
}

// readEditFile is the Cmd that reads the file back and removes it.
func readEditFile(exit extExitMsg) tea.Cmd {
	return func() tea.Msg {
		res := extResultMsg{pos: exit.pos, versions: exit.versions}
		defer os.Remove(exit.path)
		if exit.runErr != nil {
			res.err = exit.runErr
			return res
		}
		b, err := os.ReadFile(exit.path)
		if err != nil {
			res.err = err
			return res
		}
		res.changed = !bytes.Equal(b, exit.orig)
		res.title, res.content = parseEditFile(b)
		return res
	}
}
