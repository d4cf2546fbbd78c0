package tui

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/feedsync/feedsync/feeds/feedtest"
)

// The tests in this file run the real git on real temporary repositories,
// with the real feedsync binary on PATH as git finds it. Nothing of the
// user's setup leaks in: HOME and XDG_CONFIG_HOME are temporary,
// GIT_CONFIG_NOSYSTEM is set, and each command gets exactly the
// environment listed in newGitRepo.

// builtFeedsync is the command, built once per test run into a folder
// that holds nothing else, for PATH.
func builtFeedsync(t *testing.T) string { return feedtest.Command(t) }

// gitRepo is a temporary repository on branch main.
type gitRepo struct {
	t    *testing.T
	dir  string // the work tree
	home string
	bin  string // the feedsync binary, on PATH
	env  []string
}

func newGitRepo(t *testing.T) *gitRepo {
	t.Helper()
	requireGit(t)
	bin := builtFeedsync(t)
	root := t.TempDir()
	r := &gitRepo{t: t, dir: filepath.Join(root, "repo"), home: filepath.Join(root, "home"), bin: bin}
	for _, d := range []string{r.dir, r.home} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	r.env = []string{
		"HOME=" + r.home,
		"XDG_CONFIG_HOME=" + filepath.Join(r.home, ".config"),
		"GIT_CONFIG_NOSYSTEM=1",
		"GIT_TERMINAL_PROMPT=0",
		"GIT_EDITOR=true",
		"GIT_MERGE_AUTOEDIT=no",
		"LANG=C", "LC_ALL=C",
		"PATH=" + filepath.Dir(bin) + string(os.PathListSeparator) + os.Getenv("PATH"),
		"TMPDIR=" + os.TempDir(),
		"FEEDSYNC_BY=tester",
	}
	r.git("init", "-q", "-b", "main")
	r.git("config", "user.name", "Feedsync Test")
	r.git("config", "user.email", "test@example.com")
	return r
}

// run runs a command in the work tree (or in dir under it), with a time
// limit, and returns its exit code and combined output.
func (r *gitRepo) runIn(dir, name string, args ...string) (int, string) {
	r.t.Helper()
	if name == "feedsync" { // exec looks names up in this process's PATH
		name = r.bin
	}
	cmd := exec.Command(name, args...)
	cmd.Dir = filepath.Join(r.dir, dir)
	cmd.Env = r.env
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Start(); err != nil {
		r.t.Fatalf("%s: %v", name, err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case err := <-done:
		var exit *exec.ExitError
		if err != nil && !errors.As(err, &exit) {
			r.t.Fatalf("%s %s: %v", name, strings.Join(args, " "), err)
		}
		return cmd.ProcessState.ExitCode(), out.String()
	case <-time.After(60 * time.Second):
		cmd.Process.Kill()
		<-done
		r.t.Fatalf("%s %s did not finish in 60 s (waiting for a terminal?)\n%s", name, strings.Join(args, " "), out.String())
		return 0, ""
	}
}

func (r *gitRepo) run(name string, args ...string) (int, string) {
	r.t.Helper()
	return r.runIn("", name, args...)
}

// git runs git and fails the test unless it succeeds.
func (r *gitRepo) git(args ...string) string {
	r.t.Helper()
	code, out := r.run("git", args...)
	if code != 0 {
		r.t.Fatalf("git %s: exit %d\n%s", strings.Join(args, " "), code, out)
	}
	return out
}

// feedsync runs feedsync and fails the test unless it exits with one of
// codes (0 when none are given).
func (r *gitRepo) feedsync(args ...string) string {
	r.t.Helper()
	code, out := r.run("feedsync", args...)
	if code != 0 {
		r.t.Fatalf("feedsync %s: exit %d\n%s", strings.Join(args, " "), code, out)
	}
	return out
}

func (r *gitRepo) write(name, body string) {
	r.t.Helper()
	p := filepath.Join(r.dir, name)
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		r.t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
		r.t.Fatal(err)
	}
}

func (r *gitRepo) read(name string) string {
	r.t.Helper()
	b, err := os.ReadFile(filepath.Join(r.dir, name))
	if err != nil {
		r.t.Fatal(err)
	}
	return string(b)
}

// commit commits everything with message msg.
func (r *gitRepo) commit(msg string) {
	r.t.Helper()
	r.git("add", "-A")
	r.git("commit", "-q", "-m", msg)
}

// edit changes an item with 'feedsync update' in place, as a user does,
// and commits everything: the backup and the lock file that the update
// leaves beside the feed stay out of git by the rules 'git setup' wrote.
func (r *gitRepo) edit(file, id, flag, value, by, when string) {
	r.t.Helper()
	r.feedsync("update", file, "--id", id, flag, value, "--by", by, "--when", when, "-o", file)
	r.commit("edit " + id)
}

// unmerged lists the paths git holds as conflicted.
func (r *gitRepo) unmerged() []string {
	r.t.Helper()
	return strings.Fields(r.git("diff", "--name-only", "--diff-filter=U"))
}
