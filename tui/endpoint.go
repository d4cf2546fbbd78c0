package tui

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/feedsync/feedsync/engine"
	"github.com/feedsync/feedsync/feeds/atomicfile"
)

// endpointFile is where the generated endpoint id is kept, under the
// user's config directory.
const endpointFile = "feedsync/endpoint"

// endpointID returns the id of the endpoint that changes feed: --by, else
// $FEEDSYNC_BY, else the id 'feedsync git setup --by' gave the git clone
// that holds feed (cloneEndpoint), else the id kept in the user's config
// directory, made on first use. It must be an RFC 2141 NSS (1.0.2 §2.1.1,
// 0.91 §1.2). feed is "" when no feed is named.
func endpointID(env *Env, by, feed string) (string, error) {
	if by == "" {
		by = env.Getenv("FEEDSYNC_BY")
	}
	if by == "" {
		clone, err := cloneEndpoint(feed)
		if err != nil || clone != "" {
			return clone, err
		}
		return storedEndpoint(env)
	}
	if !engine.ValidNSS(by) {
		return "", fmt.Errorf("endpoint id %q: not a valid RFC 2141 NSS (%s)", by, nssChars)
	}
	return by, nil
}

// cloneKey is the git config key that holds a clone's own endpoint id.
const cloneKey = "feedsync.by"

// cloneEndpoint returns the endpoint id of the git clone that holds feed,
// its config's feedsync.by, or "" when feed is in no git work tree, the
// key is unset or git cannot be run. One endpoint id shared by two clones
// (a person's laptop and desktop, or two clones on one machine, both
// using the id in the config directory) reuses sequences when both edit
// an item: the merge keeps both as a conflict and warns; an id per clone
// avoids it. git runs only for a feed inside a work tree.
func cloneEndpoint(feed string) (string, error) {
	dir := workTree(feed)
	if dir == "" {
		return "", nil
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	id, err := runGitCommand(ctx, "-C", dir, "config", "--get", cloneKey)
	switch {
	case err != nil || id == "":
		return "", nil // unset (git exits 1), or no git: the next source
	case !engine.ValidNSS(id):
		return "", fmt.Errorf("git config %s in %s: %q is not a valid endpoint id, an RFC 2141 NSS (%s)", cloneKey, dir, id, nssChars)
	}
	return id, nil
}

// workTree returns the folder of the nearest ".git" (a folder, or the file
// of a linked work tree or submodule) above the local file feed, or "".
func workTree(feed string) string {
	if feed == "" || feed == "-" || !isLocalPath(feed) {
		return ""
	}
	abs, err := filepath.Abs(feed)
	if err != nil {
		return ""
	}
	for dir := filepath.Dir(abs); ; {
		if _, err := os.Lstat(filepath.Join(dir, ".git")); err == nil {
			return dir
		}
		up := filepath.Dir(dir)
		if up == dir {
			return ""
		}
		dir = up
	}
}

func storedEndpoint(env *Env) (string, error) {
	dir := env.Getenv("XDG_CONFIG_HOME")
	if dir == "" {
		var err error
		if dir, err = os.UserConfigDir(); err != nil {
			return "", fmt.Errorf("finding the config directory for the endpoint id (set --by or FEEDSYNC_BY): %w", err)
		}
	}
	path := filepath.Join(dir, endpointFile)
	data, err := os.ReadFile(path)
	if err == nil {
		if id := strings.TrimSpace(string(data)); engine.ValidNSS(id) {
			return id, nil
		}
		return "", fmt.Errorf("%s: not a valid endpoint id; delete it to make a new one", path)
	}
	if !errors.Is(err, fs.ErrNotExist) {
		return "", fmt.Errorf("reading the endpoint id: %w", err)
	}
	var b [8]byte
	rand.Read(b[:])
	id := "feedsync-" + hex.EncodeToString(b[:])
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return "", fmt.Errorf("keeping the endpoint id: %w", err)
	}
	if err := atomicfile.WriteFileNoBackup(path, []byte(id+"\n"), 0o600); err != nil {
		return "", fmt.Errorf("keeping the endpoint id: %w", err)
	}
	return id, nil
}

// stamp returns the Stamp for a change to feed: the endpoint id
// (endpointID) and --when, or now truncated to the second.
func (s stampFlags) stamp(env *Env, now func() time.Time, feed string) (engine.Stamp, error) {
	by, err := endpointID(env, s.by, feed)
	if err != nil {
		return engine.Stamp{}, err
	}
	when := now().UTC().Truncate(time.Second)
	if s.when != "" {
		if when, err = parseTime(s.when); err != nil {
			return engine.Stamp{}, err
		}
	}
	return engine.Stamp{When: when, By: by}, nil
}

func runEndpoint(ctx context.Context, env *Env, args []string) error {
	f := newFlags("endpoint")
	pos, err := f.parse(env, args)
	if err != nil {
		return err
	}
	if len(pos) > 1 {
		return usageError("endpoint", "takes at most one FEED, got %s", count(len(pos), "argument"))
	}
	feed := ""
	if len(pos) == 1 {
		feed = pos[0]
	}
	id, err := endpointID(env, "", feed)
	if err != nil {
		return err
	}
	fmt.Fprintln(env.Stdout, id)
	return nil
}
