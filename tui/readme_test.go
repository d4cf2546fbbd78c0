package tui

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestREADMESynopsesAreTheUsageLines keeps README's command lines and
// the usage lines -h prints one text: every usage line of every command
// (cse's, db's and git's subcommands included) is written in a code block of
// README.md, flag for flag, and every command line in README's code
// blocks that is a synopsis (its first argument a placeholder such as
// FEED, a flag or a choice such as bash|zsh|fish, not an example such as
// todo.xml) is some command's usage line. Spacing and line breaks may differ; comments after three
// spaces or more ("(interactive)", "(run by git)", a cse line's summary)
// are not part of the synopsis.
func TestREADMESynopsesAreTheUsageLines(t *testing.T) {
	readme, err := os.ReadFile(filepath.Join("..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	usages := map[string]bool{}
	var names []string
	for _, c := range commands {
		if c.name != "cse" && c.name != "db" {
			names = append(names, c.name)
		}
	}
	for _, c := range cseCommands {
		names = append(names, "cse "+c.name)
	}
	for _, c := range dbCommands {
		names = append(names, "db "+c.name)
	}
	for _, name := range names {
		for _, u := range usageSynopses(commandUsage(name)) {
			usages[u] = true
		}
	}
	inREADME := readmeSynopses(string(readme))
	for u := range usages {
		if !inREADME[u] {
			t.Errorf("README.md lacks the usage line %q", u)
		}
	}
	for s := range inREADME {
		if !usages[s] {
			t.Errorf("README.md writes %q, which is no command's usage line", s)
		}
	}
	if len(usages) < len(names) {
		t.Errorf("found %d usage lines for %d commands", len(usages), len(names))
	}
}

// readmeSynopses are the command lines of README's code blocks that are
// synopses, each joined into one line.
func readmeSynopses(readme string) map[string]bool {
	comment := regexp.MustCompile(`\s{3,}\S.*$|\s+#.*$`)
	known := map[string]bool{}
	for _, c := range commands {
		known[c.name] = true
	}
	var lines []string
	inBlock := false
	for _, line := range strings.Split(readme, "\n") {
		switch {
		case strings.HasPrefix(line, "```"):
			inBlock = !inBlock
		case !inBlock:
		case strings.HasPrefix(line, "feedsync "):
			lines = append(lines, comment.ReplaceAllString(line, ""))
		case len(lines) > 0 && strings.HasPrefix(line, " ") && strings.HasPrefix(strings.TrimSpace(line), "["):
			lines[len(lines)-1] += " " + comment.ReplaceAllString(strings.TrimSpace(line), "")
		}
	}
	out := map[string]bool{}
	for _, l := range lines {
		f := strings.Fields(l)
		if len(f) < 2 || !known[f[1]] {
			continue
		}
		rest := f[2:]
		if (f[1] == "cse" || f[1] == "git" || f[1] == "db") && len(rest) > 0 {
			rest = rest[1:]
		}
		if strings.Contains(l, `"$`) {
			continue // an example with a shell variable ("$URL"), not a synopsis
		}
		if len(rest) == 0 || strings.ContainsAny(rest[0][:1], "[-ABCDEFGHIJKLMNOPQRSTUVWXYZ") || strings.Contains(rest[0], "|") {
			out[strings.Join(f, " ")] = true
		}
	}
	return out
}
