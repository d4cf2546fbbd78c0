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

// endpointID returns this endpoint's id: --by, else $FEEDSYNC_BY, else
// the id kept in the user's config directory, made on first use. It must
// be an RFC 2141 NSS (1.0.2 §2.1.1, 0.91 §1.2).
func endpointID(env *Env, by string) (string, error) {
	if by == "" {
		by = env.Getenv("FEEDSYNC_BY")
	}
	if by == "" {
		return storedEndpoint(env)
	}
	if !engine.ValidNSS(by) {
		return "", fmt.Errorf("endpoint id %q: not a valid RFC 2141 NSS (%s)", by, nssChars)
	}
	return by, nil
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

// stamp returns the Stamp for a change: the endpoint id and --when, or now
// truncated to the second.
func (s stampFlags) stamp(env *Env, now func() time.Time) (engine.Stamp, error) {
	by, err := endpointID(env, s.by)
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
	if len(pos) > 0 {
		return usageError("endpoint", "takes no arguments")
	}
	id, err := endpointID(env, "")
	if err != nil {
		return err
	}
	fmt.Fprintln(env.Stdout, id)
	return nil
}
