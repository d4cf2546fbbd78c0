package tui

import (
	"os/exec"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// TestCompletionInBash drives the script 'completion bash' prints in a
// real bash, calling its completion function as bash's programmable
// completion does on TAB: 'feedsync re<TAB>' gives resolve, 'feedsync
// resolve --<TAB>' every flag 'resolve -h' lists, and help, cse and git
// complete their topics and subcommands.
func TestCompletionInBash(t *testing.T) {
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("no bash")
	}
	h := newHarness(t)
	code, script, stderr := h.run("", "completion", "bash")
	if code != ExitOK || stderr != "" {
		t.Fatalf("completion bash: exit %d, %q", code, stderr)
	}
	path := h.write("feedsync.bash", script)
	driver := `source "$1" || exit 1
complete -p feedsync
comp() {
	COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); COMP_LINE="$*"; COMP_POINT=${#COMP_LINE}
	COMPREPLY=(); _feedsync
	printf '%s ' "${COMPREPLY[@]}"; echo
}
comp feedsync re
comp feedsync resolve --
comp feedsync resolve todo.xml --p
comp feedsync help re
comp feedsync cse p
comp feedsync cse pull -
comp feedsync git setup --
comp feedsync completion z
comp feedsync merge to
`
	out, err := exec.Command(bash, "--norc", "--noprofile", "-c", driver, "bash", path).CombinedOutput()
	if err != nil {
		t.Fatalf("bash: %v\n%s", err, out)
	}
	lines := strings.Split(strings.TrimSuffix(string(out), "\n"), "\n")
	if len(lines) != 10 || !strings.HasPrefix(lines[0], "complete ") || !strings.HasSuffix(lines[0], "_feedsync feedsync") {
		t.Fatalf("bash printed:\n%s", out)
	}
	_, resolveHelp, _ := h.run("", "resolve", "-h")
	resolveFlags := append(regexp.MustCompile(`(?m)^  (--?[a-z][a-z-]*)`).FindAllString(resolveHelp, -1), "-h")
	for i := range resolveFlags {
		resolveFlags[i] = strings.TrimSpace(resolveFlags[i])
	}
	for i, tc := range []struct {
		line string
		want []string
	}{
		{"feedsync re", []string{"resolve"}},
		{"feedsync resolve --", nil}, // every flag of resolve -h but -o and -h, checked below
		{"feedsync resolve todo.xml --p", []string{"--pick"}},
		{"feedsync help re", []string{"resolver", "reliability", "resolve"}},
		{"feedsync cse p", []string{"pull"}},
		{"feedsync cse pull -", []string{"-h"}},
		{"feedsync git setup --", []string{"--by", "--global"}},
		{"feedsync completion z", []string{"zsh"}},
		{"feedsync merge to", nil}, // no words: bash completes file names (complete -o default)
	} {
		got := strings.Fields(lines[i+1])
		want := tc.want
		if i == 1 {
			for _, f := range resolveFlags {
				if strings.HasPrefix(f, "--") {
					want = append(want, f)
				}
			}
		}
		slices.Sort(got)
		slices.Sort(want)
		if !slices.Equal(got, want) {
			t.Errorf("%s<TAB>: %q, want %q", tc.line, got, want)
		}
	}
	if len(resolveFlags) < 10 {
		t.Errorf("resolve -h lists %d flags: %q", len(resolveFlags), resolveFlags)
	}
}

// TestCompletionScriptsNameEveryCommandAndFlag: the zsh and fish scripts
// hold every command with its summary and every flag of every usage line,
// as the bash script does; where zsh or fish is installed, it reads the
// script without a syntax error.
func TestCompletionScriptsNameEveryCommandAndFlag(t *testing.T) {
	h := newHarness(t)
	cs := completionWords()
	for _, shell := range completionShells {
		code, script, stderr := h.run("", "completion", shell)
		if code != ExitOK || stderr != "" {
			t.Fatalf("completion %s: exit %d, %q", shell, code, stderr)
		}
		for _, c := range commands {
			if !regexp.MustCompile(`(^|[\s'"(])` + regexp.QuoteMeta(c.name) + `[\s:'"]`).MatchString(script) {
				t.Errorf("completion %s lacks the command %s", shell, c.name)
			}
			quoted := map[string]string{"zsh": zshQuote(c.name + ":" + firstLine(c.summary)), "fish": fishQuote(firstLine(c.summary))}[shell]
			if shell != "bash" && !strings.Contains(script, quoted) {
				t.Errorf("completion %s lacks the summary of %s", shell, c.name)
			}
		}
		for _, k := range cs.flagKeys() {
			for _, f := range cs.flags[k] {
				word := f
				if shell == "fish" {
					word = strings.TrimLeft(f, "-")
				}
				if !regexp.MustCompile(`[\s("]` + regexp.QuoteMeta(word) + `[\s)"]`).MatchString(script) {
					t.Errorf("completion %s lacks %s's flag %s", shell, k, f)
				}
			}
		}
		if path, err := exec.LookPath(shell); err == nil && shell != "bash" {
			file := h.write("feedsync."+shell, script)
			if out, err := exec.Command(path, "-n", file).CombinedOutput(); err != nil {
				t.Errorf("%s -n: %v\n%s", shell, err, out)
			}
		}
	}
	if len(cs.flags["update"]) < 10 || !slices.Contains(cs.flags["serve"], "--max-body") || !slices.Contains(cs.flags["git setup"], "--global") {
		t.Errorf("flags from the usage lines: %q", cs.flags)
	}
	for _, args := range [][]string{{"completion"}, {"completion", "tcsh"}, {"completion", "bash", "zsh"}} {
		if code, out, stderr := h.run("", args...); code != ExitError || out != "" || !strings.HasPrefix(stderr, "feedsync completion: ") {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want exit 2 and the usage", args, code, out, stderr)
		}
	}
}
