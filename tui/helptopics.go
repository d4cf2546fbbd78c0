package tui

import (
	"embed"
	"fmt"
	"io"
	"os"
	"os/exec"
	"regexp"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/feedsync/feedsync/tui/resolver"
)

// topicFiles hold the text of the help topics, plain text within 80
// columns, with {{usage CMD...}} and {{keys}} filled in from the code.
//
//go:embed topics/*.txt
var topicFiles embed.FS

// helpTopic is a 'feedsync help TOPIC' reference page.
type helpTopic struct{ name, summary string }

// helpTopics are the reference pages, in the order 'feedsync help' lists
// them.
var helpTopics = []helpTopic{
	{"commands", "FEED and OUT, and what merge, create, update, resolve --pick, adopt, conflicts and validate do"},
	{"fields", "fields by key (--field), categories and schemes, dates, endpoint ids, conflicts --json"},
	{"resolver", "the interactive resolver: its screens and every key of each"},
	{"sync", "sync over HTTP: serve, pull and sync, partial feeds, tokens, state files"},
	{"git", "feeds in git: git setup, the merge driver and the merge tool"},
	{"reliability", "atomic saves, locks, backups, the limits on input, and start-up"},
	{"formats", "Atom, RSS and OPML; FeedSync 1.0.2, SSE 0.91 and CSE; what is kept as read"},
	{"exit-codes", "what exit codes 0, 1, 2 and 130 mean, and how errors are worded"},
}

// commandTopics names the topics that document each command's flags, as
// a test checks: every flag a command's -h lists is explained in one of
// them.
var commandTopics = map[string][]string{
	"merge":         {"commands"},
	"create":        {"commands", "fields"},
	"update":        {"commands", "fields"},
	"resolve":       {"commands", "fields", "resolver"},
	"adopt":         {"commands"},
	"conflicts":     {"commands", "fields"},
	"validate":      {"commands"},
	"endpoint":      {"fields"},
	"store":         {"commands"},
	"demo":          {"resolver"},
	"serve":         {"sync"},
	"sync":          {"sync"},
	"pull":          {"sync"},
	"db":            {"sync"},
	"cse":           {"formats"},
	"git":           {"git"},
	"git-merge":     {"git"},
	"git-mergetool": {"git", "resolver"},
	"help":          {"commands"},
	"completion":    {"commands"},
	"version":       {"commands"},
}

// findTopic returns the topic named name.
func findTopic(name string) (helpTopic, bool) {
	for _, t := range helpTopics {
		if t.name == name {
			return t, true
		}
	}
	return helpTopic{}, false
}

// topicSource is a topic's text as written, before its placeholders are
// filled in.
func topicSource(name string) string {
	b, err := topicFiles.ReadFile("topics/" + name + ".txt")
	if err != nil {
		panic(fmt.Sprintf("help topic %q has no text: %v", name, err)) // a test reads every topic
	}
	return string(b)
}

var placeholder = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`\{\{(usage|keys)([^}]*)\}\}\n`) })

// topicText is a topic's text with its placeholders filled in: the usage
// lines of the commands named, the resolver's key tables.
func topicText(name string) string {
	return placeholder().ReplaceAllStringFunc(topicSource(name), func(m string) string {
		f := strings.Fields(strings.Trim(m, "{}\n"))
		if f[0] == "keys" {
			return keyTablesText()
		}
		var b strings.Builder
		for _, cmd := range f[1:] {
			for _, line := range usageSynopses(commandUsage(strings.ReplaceAll(cmd, "_", " "))) {
				b.WriteString(wrapSynopsis(line, 80))
			}
		}
		return b.String()
	})
}

// usageSynopses are the command lines of a command's usage, each joined
// into one line: "usage: feedsync X ...", its continuation lines, and
// further "  feedsync X ..." lines.
func usageSynopses(usage string) []string {
	var out []string
	for i, line := range strings.Split(usage, "\n") {
		switch {
		case i == 0:
			out = append(out, strings.Join(strings.Fields(strings.TrimPrefix(line, "usage: ")), " "))
		case strings.HasPrefix(line, "        "): // a line continued
			out[len(out)-1] += " " + strings.Join(strings.Fields(line), " ")
		case strings.HasPrefix(line, "  feedsync "):
			out = append(out, strings.Join(strings.Fields(line), " "))
		}
	}
	return out
}

// wrapSynopsis lays a command line out within width columns, indented
// by two, each further line by eight, broken between its words but never
// inside brackets ("[-o OUT]" stays whole).
func wrapSynopsis(line string, width int) string {
	var b strings.Builder
	cur := "  "
	for _, w := range synopsisWords(line) {
		if utf8.RuneCountInString(cur)+1+utf8.RuneCountInString(w) > width && strings.TrimSpace(cur) != "" {
			b.WriteString(strings.TrimRight(cur, " ") + "\n")
			cur = "        "
		}
		if strings.TrimSpace(cur) != "" {
			cur += " "
		}
		cur += w
	}
	return b.String() + cur + "\n"
}

// synopsisWords splits a command line into its words, a bracketed group
// being one word.
func synopsisWords(line string) []string {
	var out []string
	depth := 0
	for _, w := range strings.Fields(line) {
		if depth > 0 {
			out[len(out)-1] += " " + w
		} else {
			out = append(out, w)
		}
		depth += strings.Count(w, "[") - strings.Count(w, "]")
	}
	return out
}

// keyTablesText lays the resolver's key tables out as 'help resolver'
// shows them: each screen, then its keys, one a line, within 80 columns.
func keyTablesText() string {
	var b strings.Builder
	for i, t := range resolver.KeyTables() {
		if i > 0 {
			b.WriteString("\n")
		}
		b.WriteString("On " + t.Screen + ":\n")
		for _, k := range t.Keys {
			b.WriteString(wrapIndented(fmt.Sprintf("  %-15s ", k.Keys), k.Desc, 80))
		}
	}
	feedsync, sse := resolver.KeyRules()
	b.WriteString("\nWhere the rules behind the keys come from, in FeedSync 1.0.2:\n")
	for _, r := range feedsync {
		b.WriteString(wrapIndented("  - ", r, 80))
	}
	b.WriteString("and in SSE 0.91:\n")
	for _, r := range sse {
		b.WriteString(wrapIndented("  - ", r, 80))
	}
	return b.String()
}

// wrapIndented writes text after lead, wrapped within width columns,
// each further line indented as far as lead.
func wrapIndented(lead, text string, width int) string {
	indent := strings.Repeat(" ", utf8.RuneCountInString(lead))
	var b strings.Builder
	cur := lead
	for _, w := range strings.Fields(text) {
		n := utf8.RuneCountInString(cur)
		if n+1+utf8.RuneCountInString(w) > width && n > len(indent) {
			b.WriteString(strings.TrimRight(cur, " ") + "\n")
			cur = indent
		}
		if !strings.HasSuffix(cur, " ") {
			cur += " "
		}
		cur += w
	}
	return b.String() + strings.TrimRight(cur, " ") + "\n"
}

// usageTopics is the list of topics in the general usage.
func usageTopics(w io.Writer) {
	fmt.Fprintln(w, "\nHelp topics ('feedsync help TOPIC'):")
	for _, t := range helpTopics {
		io.WriteString(w, wrapIndented(fmt.Sprintf("  %-13s ", t.name), t.summary, 80))
	}
}

// showTopic writes a topic to standard output, through a pager when
// standard output is a terminal, as git does.
func showTopic(env *Env, name string) error {
	text := topicText(name)
	if env.IsTerminal || IsTerminal(env.Stdout) {
		if pageText(env, text) == nil {
			return nil
		}
	}
	_, err := io.WriteString(env.Stdout, text)
	return err
}

// pageText runs the pager on text, as git runs it: $PAGER through sh,
// else less; LESS=FRX (quit when the text fits the screen, keep colours,
// leave the text on the screen) unless $LESS is set. PAGER=cat means no
// pager. An error means the pager did not run, and the text is not shown.
func pageText(env *Env, text string) error {
	pager := env.Getenv("PAGER")
	switch pager {
	case "cat":
		return fmt.Errorf("no pager")
	case "":
		if _, err := exec.LookPath("less"); err != nil {
			return err
		}
		pager = "less"
	}
	cmd := exec.Command("sh", "-c", pager)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = strings.NewReader(text), env.Stdout, env.Stderr
	cmd.Env = os.Environ()
	if env.Getenv("LESS") == "" {
		cmd.Env = append(cmd.Env, "LESS=FRX")
	}
	if env.Getenv("LV") == "" {
		cmd.Env = append(cmd.Env, "LV=-c")
	}
	if err := cmd.Start(); err != nil {
		return err
	}
	// A pager quit early (q in less) is not an error of help; a pager
	// that sh did not find (127) showed nothing.
	if err := cmd.Wait(); err != nil && cmd.ProcessState.ExitCode() == 127 {
		return err
	}
	return nil
}
