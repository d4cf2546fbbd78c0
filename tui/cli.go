package tui

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"github.com/feedsync/feedsync/feeds/fetch"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"slices"
	"strings"
)

// Exit codes, one meaning each for every command, documented in the usage
// text, tui/doc.go, 'feedsync help exit-codes' and the README.
const (
	// ExitOK: the command did all it was asked.
	ExitOK = 0
	// ExitAttention: the command finished and wrote its result, but
	// something needs attention, and was printed: conflicts remain
	// (merge, create, update, resolve, conflicts, pull, sync, git-merge,
	// git-mergetool), or a download failed or
	// a feed has problems (cse pull, cse fetch, cse ls), or stamp found
	// problems it could not fix (cse stamp).
	ExitAttention = 1
	// ExitError: bad usage, invalid input, or a failure that stopped the
	// command. A feed command then writes nothing; an interrupted cse pull
	// leaves a cache that the next pull resumes.
	ExitError = 2
	// ExitInterrupted: an interrupt (Ctrl-C, SIGINT) stopped the command,
	// 128 + SIGINT as shells report a program SIGINT ended. One line says
	// so; a feed command then writes nothing, unless its save had begun
	// (which then ends as it would have: a save is an atomic rename); an
	// interrupted cse pull leaves a cache that the next pull resumes.
	ExitInterrupted = 130
)

// Env is what a command may use of the world outside it. Tests replace
// any part of it.
type Env struct {
	Stdin          io.Reader
	Stdout, Stderr io.Writer
	Getenv         func(string) string
	IsTerminal     bool // stdin and stdout are both terminals
	ErrTerminal    bool // stderr is a terminal (progress lines go there)

	cmd    string    // the command running, as its messages name it ("merge", "cse pull")
	saving *saving   // the file the command writes, while it runs (save.go)
	stop   *stopGate // what an interrupt closes (interrupt.go)
	tty    *os.File  // the controlling terminal, when the resolver draws there (-o -)
	// offHeap holds the files a batch command reads (batchCommands), off
	// the Go heap until the command returns; nil: on the heap, and the
	// command is no batch command (batch).
	offHeap *fetch.OffHeap
}

// batch reports whether the command running is one of batchCommands,
// which save at most once.
func (env *Env) batch() bool { return env.offHeap != nil }

// batchCommands read their feeds once, save at most once, and keep
// nothing of them, nor anything working on them, once they return: what
// they read is held off the Go heap (fetch.OffHeap), which a merge of two
// big feeds peaks at about 0.8 times the memory of, and given back when
// they return, and what they read is let go once the store has taken
// what leaves it (saving.recordLeft). The resolver, the hub and CSE keep
// what they read for longer.
var batchCommands = map[string]bool{"merge": true, "create": true, "update": true, "adopt": true,
	"conflicts": true, "validate": true, "git-merge": true, "pull": true, "sync": true}

// warn prints a warning, a line that does not stop the command, named by
// the command as its errors are: "feedsync merge: warning: …".
func (e *Env) warn(msg string) {
	name := "feedsync"
	if e.cmd != "" {
		name += " " + e.cmd
	}
	fmt.Fprintf(e.Stderr, "%s: warning: %s\n", name, msg)
}

// terminalIn and terminalOut are where the resolver reads keys and draws:
// standard input and output, or the controlling terminal.
func (e *Env) terminalIn() io.Reader {
	if e.tty != nil {
		return e.tty
	}
	return e.Stdin
}

func (e *Env) terminalOut() io.Writer {
	if e.tty != nil {
		return e.tty
	}
	return e.Stdout
}

type command struct {
	name, args, summary string
	run                 func(ctx context.Context, env *Env, args []string) error
}

var commands []command

func init() {
	commands = []command{
		{"merge", "LOCAL REMOTE [-o OUT]", "merge REMOTE's items into LOCAL (1.0.2 §3.3, 0.91 §4.4)", runMerge},
		{"create", "FEED --id ID [--title T] [--content C] [--field KEY=VALUE]... [--noconflicts]\n" +
			"        [--parent ID] [--place N] [--by EP] [--when TIME] [-o OUT]", "add a new item (1.0.2 §3.1, 0.91 §4.1)", runCreate},
		{"update", "FEED --id ID [--title T] [--content C] [--field KEY=VALUE]... [--remove-field KEY]...\n" +
			"        [--delete | --undelete] [--parent ID] [--place N] [--clean-history] [--keep-versions N]\n" +
			"        [--by EP] [--when TIME] [-o OUT]", "change, delete or undelete an item (1.0.2 §3.2, 0.91 §4.2)", runUpdate},
		{"resolve", "FEED --id ID --pick winner|N [--only N,M,...] [--title T] [--content C]\n" +
			"        [--field KEY=VALUE]... [--remove-field KEY]... [--clean-history] [--keep-versions N]\n" +
			"        [--by EP] [--when TIME] [-o OUT]\n" +
			"  feedsync resolve LOCAL REMOTE [-o OUT|-] [--markers] [--by EP] [--when TIME]\n" +
			"  feedsync resolve FEED --auto [--by EP] [--when TIME] [-o OUT]\n" +
			"  feedsync resolve FEED [-o OUT|-] [--markers] [--by EP] [--when TIME]", "resolve conflicts (1.0.2 §3.4, 0.91 §5), by flags or interactively", runResolve},
		{"adopt", "FEED [--dialect 1.0.2|0.91] [--by EP] [--when TIME] [-o OUT]", "give a plain feed's items sync data, once, by one endpoint (1.0.2 §3.1, 0.91 §4.1)", runAdopt},
		{"conflicts", "FEED [--json]", "list the items in conflict", runConflicts},
		{"validate", "FEED...", "check feeds against every MUST of the spec", runValidate},
		{"store", "FEED [--prune]", "show the versions kept beside FEED for finding a conflict's base; --prune compacts them", runStore},
		{"endpoint", "[FEED]", "print the endpoint id that stamps changes (to FEED: its git clone's own, if it has one)", runEndpoint},
		{"demo", "[-o OUT] [--markers] [--by EP] [--when TIME]", "the resolver on a built-in pair of feeds", runDemo},
		{"serve", "FEED|DIR [--addr HOST:PORT] [--window N|DURATION] [--token-file F] [--open-read]\n" +
			"        [--expires DURATION] [--public-url URL] [--max-body SIZE]\n" +
			"  feedsync serve --db URL [--addr HOST:PORT] [--window N|DURATION] [--token-file F] [--open-read]\n" +
			"        [--expires DURATION] [--public-url URL] [--max-body SIZE]", "publish FEED, every feed of DIR, or every feed of a PostgreSQL database at /NAME, over HTTP and merge what subscribers send (1.0.2 §4, 0.91 §2.2.1)", runServe},
		{"db", "import URL NAME FEED | export URL NAME [-o OUT] | ls URL", "feeds in a PostgreSQL database, which any number of 'serve --db' hubs serve", runDB},
		{"sync", "LOCAL URL [--by EP] [--when TIME] [--token-file F]", "pull URL into LOCAL, then send it what LOCAL has that it lacks (1.0.2 §4, 0.91 §2.2.1)", runSync},
		{"pull", "LOCAL URL [--by EP] [--when TIME] [--token-file F] [-o OUT]", "read URL's feed into LOCAL (1.0.2 §4.1, 0.91 §2.2.1)", runPull},
		{"cse", "pull ROOT DIR | fetch DIR LINK | ls DIR | stamp ROOT.xml", "one-way sync of nested feeds (CSE)", runCSE},
		{"git", "setup [--global | --by EP] [PATTERN...]", "make git merge feeds with feedsync: merge driver, merge tool, attributes", runGit},
		{"git-merge", "BASE CURRENT OTHER [PATHNAME] [--no-combine] [--by EP] [--when TIME]", "git's merge driver: merge OTHER into CURRENT (1.0.2 §3.3, 0.91 §4.4)", runGitMerge},
		{"git-mergetool", "MERGED [LOCAL REMOTE [BASE]] [--by EP] [--when TIME]", "git's merge tool: the resolver on a feed git-merge left in conflict", runGitMergetool},
		{"completion", "bash|zsh|fish", "print a script that completes feedsync's commands, flags, topics and files in a shell", runCompletion},
		{"help", "[TOPIC | CMD [SUBCOMMAND]]", "print this usage, a help topic, or a command's usage, as CMD -h does", runHelp},
		{"version", "", "print this build's version (--version too)", runVersion},
	}
}

// Run runs the command line args (without the program name) and returns
// the exit code. A panic in a command is a bug: it is reported on one line
// with the place it happened, and the exit code is ExitError; no Go stack
// trace reaches the user.
func Run(ctx context.Context, args []string, env *Env) (code int) {
	var held *fetch.OffHeap // what a batch command reads, given back last
	defer func() {
		if held != nil {
			held.Free()
			env.offHeap = nil
		}
	}()
	defer func() { // before the memory is given back: v may quote a feed
		if v := recover(); v != nil {
			io.WriteString(env.Stderr, commandText(commandName(args), bugReport(v), nil))
			code = ExitError
		}
	}()
	if env.Getenv == nil {
		env.Getenv = func(string) string { return "" }
	}
	if len(args) == 0 {
		usage(env.Stderr)
		return ExitError
	}
	if err := applyMaxBytes(env); err != nil {
		fmt.Fprintln(env.Stderr, "feedsync:", err)
		return ExitError
	}
	switch {
	case isHelp(args[0]):
		usage(env.Stdout)
		return ExitOK
	case args[0] == "--version":
		args = append([]string{"version"}, args[1:]...)
	}
	for _, c := range commands {
		if c.name == args[0] {
			env.cmd = commandName(args)
			if batchCommands[c.name] && env.offHeap == nil {
				held = &fetch.OffHeap{}
				env.offHeap = held
				defer capHeap(capRoomOf(c.name))()
			}
			return exitCode(env.Stderr, env.cmd, c.run(ctx, env, args[1:]), args[1:])
		}
	}
	fmt.Fprintf(env.Stderr, "feedsync: unknown command %q; run 'feedsync -h' for the commands\n", args[0])
	return ExitError
}

// runHelp is 'feedsync help [TOPIC | CMD [SUBCOMMAND]]': the usage, a
// help topic, or CMD [SUBCOMMAND] -h. A topic named as a command (sync,
// git) is the topic, which points to the command's -h.
func runHelp(ctx context.Context, env *Env, args []string) error {
	_, topic := findTopic(strings.Join(args, " "))
	switch {
	case len(args) == 0, len(args) == 1 && (args[0] == "help" || isHelp(args[0])):
		usage(env.Stdout)
		return nil
	case topic:
		return showTopic(env, args[0])
	case !isCommand(args[0]):
		return unknownHelp(env, args[0])
	case len(args) == 1, len(args) == 2 && (args[0] == "cse" || args[0] == "git"):
		if code := Run(ctx, append(slices.Clone(args), "-h"), env); code != ExitOK {
			return exitStatus(code) // an unknown command, said already
		}
		return nil
	}
	return usageError("help", "want a topic or one command, or cse or git and a subcommand, got %s", count(len(args), "argument"))
}

// isCommand reports whether name is one of feedsync's commands.
func isCommand(name string) bool {
	return slices.ContainsFunc(commands, func(c command) bool { return c.name == name })
}

// unknownHelp answers 'feedsync help NAME' for a NAME that is neither a
// topic nor a command: what there is help on, on standard error, exit 2.
func unknownHelp(env *Env, name string) error {
	var topics, cmds []string
	for _, t := range helpTopics {
		topics = append(topics, t.name)
	}
	for _, c := range commands {
		cmds = append(cmds, c.name)
	}
	return fmt.Errorf("feedsync help: no help topic or command %q\n  topics:   %s\n  commands: %s",
		name, strings.Join(topics, ", "), strings.Join(cmds, ", "))
}

// runVersion is 'feedsync version': this build, on one line.
func runVersion(_ context.Context, env *Env, args []string) error {
	pos, err := newFlags("version").parse(env, args)
	if err != nil {
		return err
	}
	if len(pos) > 0 {
		return usageError("version", "takes no arguments")
	}
	fmt.Fprintln(env.Stdout, buildVersion())
	return nil
}

// buildVersion names this build for bug reports: the module's version and,
// when the binary was built from a git checkout, the commit.
func buildVersion() string {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return "feedsync (unknown version)"
	}
	v := "feedsync " + cmp.Or(bi.Main.Version, "(devel)")
	var rev, modified string
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			modified = s.Value
		}
	}
	if rev != "" {
		v += " " + rev[:min(12, len(rev))]
		if modified == "true" {
			v += " (modified)"
		}
	}
	return v + " " + runtime.Version()
}

// bugReport describes a panic on one line: its value and the innermost
// function of this module on the panicking stack. It is called from the
// deferred function that recovered, which still runs on that stack.
func bugReport(v any) string {
	where := ""
	pcs := make([]uintptr, 64)
	frames := runtime.CallersFrames(pcs[:runtime.Callers(3, pcs)])
	for {
		f, more := frames.Next()
		if strings.HasPrefix(f.Function, modulePath+"/") && !strings.HasPrefix(f.Function, modulePath+"/tui.Run") {
			where = fmt.Sprintf(" in %s (%s:%d)", strings.TrimPrefix(f.Function, modulePath+"/"), filepath.Base(f.File), f.Line)
			break
		}
		if !more {
			break
		}
	}
	return fmt.Sprintf("bug: %v%s; please report it with the command that caused it", v, where)
}

// modulePath is the path of this module, for telling its functions apart.
const modulePath = "github.com/feedsync/feedsync"

func isHelp(s string) bool { return s == "-h" || s == "--help" || s == "-help" }

// errConflicts is returned by a command whose result was written but still
// holds unresolved conflicts.
var errConflicts = errors.New("result holds unresolved conflicts")

// exitStatus carries an exit code for a command that has already reported
// what went wrong.
type exitStatus int

func (e exitStatus) Error() string { return fmt.Sprintf("exit %d", int(e)) }

// commandName is the command args run, as its errors name it: "merge";
// with the subcommand, "cse pull", "git setup".
func commandName(args []string) string {
	if len(args) == 0 {
		return ""
	}
	if len(args) > 1 && (args[0] == "git" && args[1] == "setup" ||
		args[0] == "cse" && slices.ContainsFunc(cseCommands, func(c command) bool { return c.name == args[1] }) ||
		args[0] == "db" && slices.ContainsFunc(dbCommands, func(c command) bool { return c.name == args[1] })) {
		return args[0] + " " + args[1]
	}
	return args[0]
}

// exitMessage is a command's outcome with its exit code and the message
// that says what happened, which exitCode prints as it prints errors.
type exitMessage struct {
	code int
	msg  string
}

func (e exitMessage) Error() string { return e.msg }

// attention is the outcome of a command that did its work but left
// something to a person (exit 1), with the message that says what.
func attention(msg string) error { return exitMessage{ExitAttention, msg} }

// exitCode turns the error of the command cmd into its exit code,
// printing the error as commandText words it.
func exitCode(stderr io.Writer, cmd string, err error, args []string) int {
	var (
		st   exitStatus
		bug  bugError
		said exitMessage
	)
	switch {
	case err == nil:
		return ExitOK
	case errors.As(err, &said):
		io.WriteString(stderr, commandText(cmd, said.msg, args))
		return said.code
	case errors.Is(err, errConflicts):
		return ExitAttention
	case errors.As(err, &st):
		return int(st)
	case errors.As(err, &bug):
		io.WriteString(stderr, commandText(cmd, string(bug), nil))
		return ExitError
	case errors.Is(err, errInterruptedOutput):
		io.WriteString(stderr, commandText(cmd, errInterruptedOutput.Error(), nil))
		return ExitInterrupted
	case errors.Is(err, errInterrupted):
		io.WriteString(stderr, commandText(cmd, errInterrupted.Error(), nil))
		return ExitInterrupted
	case errors.Is(err, context.Canceled): // a command that watches ctx itself: it may have written
		io.WriteString(stderr, commandText(cmd, "interrupted", nil))
		return ExitInterrupted
	}
	io.WriteString(stderr, commandText(cmd, userText(err), args))
	return ExitError
}

// commandText words a message of the command cmd for standard error, so
// that every error starts with the command it is about, then the place:
// "feedsync merge: a.xml:3:5: ...". The first line gets "feedsync CMD: "
// unless it names the command already (a usage error), and so does each
// further line that starts with a place, one of the command's arguments
// followed by a colon (a feed's problems, one a line); the other lines
// go on from the one before (a usage text, an indented command).
func commandText(cmd, msg string, args []string) string {
	word, _, _ := strings.Cut(cmd, " ")
	prefix := strings.TrimSpace("feedsync "+cmd) + ": "
	lines := strings.SplitAfter(strings.TrimSuffix(msg, "\n"), "\n")
	for i, l := range lines {
		if i == 0 && (cmd == "" || !strings.HasPrefix(l, "feedsync "+word)) || i > 0 && startsWithPlace(l, args) {
			lines[i] = prefix + l
		}
	}
	return strings.Join(lines, "") + "\n"
}

// startsWithPlace reports whether msg starts with one of the command's
// arguments, or the name standard input goes by, followed by a colon. A
// flag is not a place.
func startsWithPlace(msg string, args []string) bool {
	for _, a := range append([]string{displayName("-")}, args...) {
		if a != "" && !strings.HasPrefix(a, "-") && strings.HasPrefix(msg, a+":") {
			return true
		}
	}
	return false
}

const usageTail = `
FEED, LOCAL and REMOTE are each a path, - for standard input, or an http(s)
URL. OUT is - for standard output; absent, it is standard output too, but
the interactive resolve saves to LOCAL or FEED, demo to a new temporary
file, and pull to LOCAL. A path is written atomically under a lock
(.OUT.lock beside it), so that commands writing one file take turns, and
the file it replaces is kept as OUT.bak (older ones as OUT.bak.2 and
OUT.bak.3). A symbolic link is written through. /dev/stdout is standard
output, as - is; a device (/dev/null), a named pipe or an open descriptor
(/dev/fd/N) is written as a stream, with no lock or backup. A result larger
than 256 MiB, the most feedsync reads, is refused and OUT left as it was.
$FEEDSYNC_MAX_BYTES raises that one limit of a feed wherever one is read
or written: files, standard input, downloads, a hub's feed (4GiB: a merge
takes about four times its inputs in memory).

update and resolve --pick also take --clean-history (FeedSync 1.0.2: keep
only each endpoint's newest history entry, the "MAY" of 1.0.2 §3.2 and §4)
and --keep-versions N (SSE 0.91: keep N versions, dropping sx:update from
the bottom, 0.91 §4.2). Both are off unless given. For SSE 0.91 OPML
outlines, create and update take --parent ID ("" for the top level) and
--place N (1-based among the siblings, default last): a move is an update
(0.91 §3.2).

TIME is RFC 3339 in UTC with whole seconds (2005-05-21T11:43:33Z); the
default is now. EP, the endpoint id, defaults to $FEEDSYNC_BY, else to the
git clone's own ('feedsync git setup --by EP'), else to an id made once and
kept in the user's config directory (see 'feedsync endpoint').

Sync over HTTP: 'feedsync serve FEED' publishes FEED at GET / (a partial
feed with --window, the complete one at /complete) and merges what POST /
sends; it listens on 127.0.0.1:8080 unless --addr says otherwise, and
beyond loopback only with --token-file. 'feedsync sync LOCAL URL' pulls URL
into LOCAL, then sends the hub what it lacks; 'feedsync pull' only reads.
They exit 1 while LOCAL holds conflicts: 'feedsync resolve LOCAL', then
sync again. The hub keeps its stamps in .feedsync/FEED.serve.json beside
FEED, a subscriber its state in .feedsync/LOCAL.sync.json beside LOCAL, so
their LOCAL is a file, never - or a URL ('pull FILE URL -o -' prints).

Feeds in git: 'feedsync git setup PATTERN...' makes git merge the files that
match with 'feedsync git-merge', which never writes conflict markers into a
feed: items both branches changed apart are combined three-way, as one new
version each, and items both changed in clashing ways stay in it as
sx:conflicts, git marks the path conflicted, and 'git mergetool
--tool=feedsync' or 'feedsync resolve FILE -o FILE' resolves them. Files
that do not load as feeds, or hold sync data on neither side, are merged
as text by git merge-file. git-merge exits 0 (merged), 1 (conflicts left
for a person), 2 (failed).

Exit codes (one meaning for every command, cse included):
  0    success: the command did all it was asked
  1    finished, but something needs attention, and was printed: the
       result still holds unresolved conflicts; or (cse) a download failed,
       a feed has problems, or stamp found problems it could not fix
  2    bad usage, invalid input, or a failure that stopped the command; a
       feed command then writes nothing
  130  interrupted (Ctrl-C): one line says so; a feed command then writes
       nothing (a save already begun is finished), and an interrupted cse
       pull resumes when run again
`

func usage(w io.Writer) {
	fmt.Fprintln(w, "feedsync keeps FeedSync feeds in sync and resolves their conflicts.")
	fmt.Fprintln(w, "\nUsage:")
	for _, c := range commands {
		fmt.Fprintln(w, "  "+strings.TrimSpace("feedsync "+c.name+" "+c.args))
	}
	fmt.Fprintln(w, "\nCommands:")
	for _, c := range commands {
		fmt.Fprintf(w, "  %-13s %s\n", c.name, c.summary)
	}
	usageTopics(w)
	fmt.Fprintln(w, "\n'feedsync help CMD' or 'feedsync CMD -h' shows a command's flags; 'feedsync version' this build.")
	io.WriteString(w, usageTail)
}

// commandUsage is the usage of a command, or of a cse subcommand named
// "cse NAME".
func commandUsage(name string) string {
	list, prefix := commands, ""
	if sub, ok := strings.CutPrefix(name, "cse "); ok {
		list, prefix, name = cseCommands, "cse ", sub
	}
	if sub, ok := strings.CutPrefix(name, "db "); ok {
		list, prefix, name = dbCommands, "db ", sub
	}
	name, _, _ = strings.Cut(name, " ") // "git setup": git's usage
	for _, c := range list {
		if c.name == name {
			return fmt.Sprintf("usage: %s\n  %s\n", strings.TrimSpace("feedsync "+prefix+c.name+" "+c.args), c.summary)
		}
	}
	return ""
}

// usageError reports bad usage of a command, with its usage line.
func usageError(cmd, format string, args ...any) error {
	return fmt.Errorf("feedsync %s: %s\n%s", cmd, fmt.Sprintf(format, args...), commandUsage(cmd))
}
