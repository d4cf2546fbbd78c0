package tui

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"text/tabwriter"
)

// runGit is 'feedsync git setup [--global | --by EP] [PATTERN...]': it writes the
// merge driver and the merge tool into git's config and the patterns
// into the attributes file, each only where it is not there yet, so that
// running it twice changes nothing the second time.
func runGit(ctx context.Context, env *Env, args []string) error {
	if slices.ContainsFunc(args, isHelp) {
		fmt.Fprint(env.Stdout, commandUsage("git"), gitHelp)
		return nil
	}
	if len(args) == 0 || args[0] != "setup" {
		return usageError("git", "the one subcommand is setup")
	}
	f := newFlags("git setup")
	global := f.Bool("global", false, "write to your own git config and attributes file, for every repository")
	var by string
	byFlag(f, &by, "give this clone an endpoint id of its own, `EP` (git config feedsync.by)")
	pos, err := f.parse(env, args[1:])
	if err != nil {
		return err
	}
	if by != "" && *global {
		return usageError("git setup", "--by gives one clone its own endpoint id; with --global every clone would share it (use FEEDSYNC_BY for that)")
	}
	var patterns []string
	for _, p := range pos {
		if p == "" || strings.HasPrefix(p, "!") || strings.ContainsAny(p, "\n\r") {
			return usageError("git setup", "%q is not a pattern for .gitattributes", p)
		}
		// git patterns have no braces: '*.{xml,opml}' would match nothing.
		ps := expandBraces(p)
		if len(ps) > 1 {
			fmt.Fprintf(env.Stderr, "feedsync git setup: %q is %s (git patterns have no braces)\n", p, strings.Join(ps, " "))
		}
		patterns = append(patterns, ps...)
	}
	exe, _ := os.Executable()
	bin, note, err := driverBinary(exe, env.Getenv("PATH"), os.TempDir())
	if err != nil {
		return err
	}
	s := &gitSetup{ctx: ctx, env: env, scope: "--local", bin: bin, by: by}
	if *global {
		s.scope = "--global"
	}
	if note != "" {
		fmt.Fprintf(env.Stderr, "feedsync git setup: %s\n", note)
	}
	return s.run(patterns)
}

const gitHelp = `
Sets feedsync up as git's merge driver and merge tool for feeds:
  merge.feedsync.name, merge.feedsync.driver     "feedsync git-merge %O %A %B %P"
  mergetool.feedsync.cmd, .trustExitCode         'git mergetool --tool=feedsync'
in the repository's config (--global: yours), and appends "PATTERN
merge=feedsync" to the top-level .gitattributes (--global: your attributes
file, core.attributesFile or ~/.config/git/attributes) for each PATTERN,
and keeps the backups, lock, temporary and sync state files feedsync
leaves beside such a feed out of git, in .git/info/exclude (--global: core.excludesFile
or ~/.config/git/ignore). Nothing that is already there is written again.
git patterns have no braces: a PATTERN with a brace list is expanded as a
shell would ('*.{xml,opml}' is *.xml and *.opml).

--by EP gives this clone an endpoint id of its own (feedsync.by in the
repository's config): the commands that change a feed in this clone stamp
with it, unless --by or FEEDSYNC_BY says otherwise. Two clones that share
one id (yours, from the config directory) and edit one item reuse a
sequence; the merge keeps both edits as a conflict and warns.

The driver combines an item both branches changed apart (other fields,
other words, white space) three-way against git's ancestor, as one new
version by the endpoint merging, and says so; what clashes is left in
conflict. To review every such item yourself, set
  git config feedsync.combine false        (--global: every repository)
or put --no-combine in merge.feedsync.driver.

git runs the feedsync on your PATH; when there is none, the absolute path
of this one, unless it is a temporary build (go run), which is refused.
`

// gitSetup is one run of 'feedsync git setup'.
type gitSetup struct {
	ctx   context.Context
	env   *Env
	scope string // --local or --global
	bin   string // how git is to run feedsync
	by    string // the clone's own endpoint id (--by), or ""
}

func (s *gitSetup) run(patterns []string) error {
	attrs, err := s.attributesFile()
	if err != nil {
		return err
	}
	where := "the repository's git config"
	if s.scope == "--global" {
		where = "your git config"
	}
	tw := tabwriter.NewWriter(s.env.Stdout, 0, 0, 2, ' ', 0)
	fmt.Fprintf(tw, "%s:\n", where)
	for _, kv := range s.settings() {
		done, err := s.set(kv[0], kv[1])
		if err != nil {
			return err
		}
		fmt.Fprintf(tw, "  %s\t%s\t%s\n", kv[0], kv[1], done)
	}
	tw.Flush()
	if len(patterns) == 0 {
		fmt.Fprintf(s.env.Stdout, "no PATTERN given: to send feeds to the driver, add lines like these to %s:\n"+
			"  todo.xml merge=feedsync\n  *.opml merge=feedsync\n", attrs)
		return nil
	}
	if err := appendLines(s.env.Stdout, attrs, attributeLines(patterns), attributeKey); err != nil {
		return err
	}
	exclude, err := s.excludeFile()
	if err != nil {
		return err
	}
	return appendLines(s.env.Stdout, exclude, ignoreLines(patterns), ignoreKey)
}

// settings are the config keys setup writes, with their values.
func (s *gitSetup) settings() [][2]string {
	kv := [][2]string{
		{"merge.feedsync.name", "feedsync: FeedSync and SSE feeds, merged item by item"},
		{"merge.feedsync.driver", s.bin + " git-merge %O %A %B %P"},
		{"mergetool.feedsync.cmd", s.bin + ` git-mergetool "$MERGED" "$LOCAL" "$REMOTE" "$BASE"`},
		{"mergetool.feedsync.trustExitCode", "true"},
	}
	if s.by != "" {
		kv = append(kv, [2]string{cloneKey, s.by})
	}
	return kv
}

// set writes key unless it already holds value, and says which it did.
func (s *gitSetup) set(key, value string) (string, error) {
	if cur, err := s.git("config", s.scope, "--get", key); err == nil && cur == value {
		return "unchanged", nil
	}
	if _, err := s.git("config", s.scope, key, value); err != nil {
		return "", err
	}
	return "set", nil
}

// attributesFile returns the attributes file patterns go to: the
// repository's top-level .gitattributes, or with --global the user's.
func (s *gitSetup) attributesFile() (string, error) {
	if s.scope == "--local" {
		top, err := s.git("rev-parse", "--show-toplevel")
		if err != nil {
			return "", fmt.Errorf("feedsync git setup: not in a git work tree (%v); run it in the repository, or use --global", err)
		}
		return filepath.Join(top, ".gitattributes"), nil
	}
	return s.userFile("core.attributesFile", "attributes")
}

// userFile returns the user's file that config key names, or git's
// default for it, $XDG_CONFIG_HOME/git/NAME or ~/.config/git/NAME.
func (s *gitSetup) userFile(key, name string) (string, error) {
	if p, err := s.git("config", "--global", "--get", key); err == nil && p != "" {
		if rest, ok := strings.CutPrefix(p, "~/"); ok {
			p = filepath.Join(s.env.Getenv("HOME"), rest)
		}
		return p, nil
	}
	if x := s.env.Getenv("XDG_CONFIG_HOME"); x != "" {
		return filepath.Join(x, "git", name), nil
	}
	home := s.env.Getenv("HOME")
	if home == "" {
		return "", errors.New("feedsync git setup --global: $HOME is not set, so there is no " + name + " file to write")
	}
	return filepath.Join(home, ".config", "git", name), nil
}

// excludeFile returns the file that keeps feedsync's backups, locks and
// temporary files out of git: the repository's own .git/info/exclude,
// which is not committed, or with --global the user's core.excludesFile.
func (s *gitSetup) excludeFile() (string, error) {
	if s.scope == "--local" {
		p, err := s.git("rev-parse", "--git-path", "info/exclude")
		if err != nil {
			return "", err
		}
		return filepath.Abs(p)
	}
	return s.userFile("core.excludesFile", "ignore")
}

// git runs git and returns its output without the final newline.
func (s *gitSetup) git(args ...string) (string, error) {
	return runGitCommand(s.ctx, args...)
}

// driverBinary decides how git is to run feedsync, given the running
// executable, $PATH and the temporary directory. A user expects the
// driver to keep working after an upgrade, and a config shared between
// machines (dotfiles) to work on each: so "feedsync", found on PATH, as
// git-lfs and mergiraf are set up. When PATH has none, the absolute path
// of the running one, quoted for the shell git runs the driver with;
// unless it lives in the temporary directory, as a 'go run' build does,
// where it will soon be gone: that is an error. note says what the user
// should know about the choice.
func driverBinary(exe, path, tmp string) (bin, note string, err error) {
	if r, err := filepath.EvalSymlinks(exe); err == nil {
		exe = r
	}
	if found := lookPath("feedsync", path); found != "" {
		a, errA := os.Stat(found)
		b, errB := os.Stat(exe)
		if errA == nil && errB == nil && !os.SameFile(a, b) {
			note = fmt.Sprintf("git will run the feedsync on your PATH, %s, not this one (%s)", found, exe)
		}
		return "feedsync", note, nil
	}
	if t, err := filepath.EvalSymlinks(tmp); err == nil {
		tmp = t
	}
	if rel, err := filepath.Rel(tmp, exe); exe == "" || err == nil && !strings.HasPrefix(rel, "..") {
		return "", "", fmt.Errorf("feedsync git setup: there is no feedsync on your PATH, and this one (%s) is in the temporary directory,\n"+
			"where it will not last ('go run' builds there): install it (go install, or go build -o DIR/feedsync\n"+
			"with DIR on your PATH) and run 'feedsync git setup' again", exe)
	}
	return shellQuote(exe), fmt.Sprintf("there is no feedsync on your PATH: git will run %s (run 'feedsync git setup' again if you move it)", exe), nil
}

// lookPath finds an executable file named name in the directories of path.
func lookPath(name, path string) string {
	for _, dir := range filepath.SplitList(path) {
		if dir == "" {
			continue
		}
		p := filepath.Join(dir, name)
		if info, err := os.Stat(p); err == nil && info.Mode().IsRegular() && info.Mode()&0o111 != 0 {
			if abs, err := filepath.Abs(p); err == nil {
				return abs
			}
			return p
		}
	}
	return ""
}

// shellQuote quotes s for sh when it needs it.
func shellQuote(s string) string {
	if s != "" && strings.Trim(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789/._-+") == "" {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
