//go:build unix

package tui

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// TestEditorRunsAsGitRunsIt guards QA Q18: $VISUAL and $EDITOR were split
// on spaces, so a value with quotes (EDITOR='emacsclient -a ""', an editor
// whose path has a space) ran the wrong command. They are run by the shell,
// as git runs them, with the file to edit as the last argument; a plain
// value is run as it is.
func TestEditorRunsAsGitRunsIt(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "edit.txt")
	for _, tc := range []struct {
		name, visual, editor string
		made                 []string // files the editor's command line makes
	}{
		{"quoted words", "", `touch "` + dir + `/a b"`, []string{"a b", "edit.txt"}},
		{"$VISUAL first", `touch '` + dir + `/v'`, "false", []string{"v", "edit.txt"}},
		{"plain words", "", "touch", []string{"edit.txt"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			for _, name := range append(tc.made, "a", "b\"", "\"", "'") {
				os.Remove(filepath.Join(dir, name))
			}
			vars := map[string]string{"VISUAL": tc.visual, "EDITOR": tc.editor}
			env := &Env{Getenv: func(k string) string { return vars[k] }}
			cfg, err := resolverConfig(env, stampFlags{by: "ep"}, "")
			if err != nil {
				t.Fatal(err)
			}
			if len(cfg.Editor) == 0 {
				t.Fatal("no editor command")
			}
			if out, err := exec.Command(cfg.Editor[0], append(cfg.Editor[1:], file)...).CombinedOutput(); err != nil {
				t.Fatalf("%q: %v\n%s", cfg.Editor, err, out)
			}
			for _, name := range tc.made {
				if _, err := os.Stat(filepath.Join(dir, name)); err != nil {
					t.Errorf("%q did not make %s: %v", cfg.Editor, name, err)
				}
			}
		})
	}
}
