package tui

import (
	"fmt"

	"github.com/feedsync/feedsync/feeds/atomicfile"
)

// maxBytesEnv names the environment variable that sets feedsync's one
// size limit of a feed (atomicfile.Limit) instead of atomicfile.MaxBytes.
const maxBytesEnv = "FEEDSYNC_MAX_BYTES"

// maxMaxBytes is the largest limit maxBytesEnv may set.
const maxMaxBytes = 64 << 30

// applyMaxBytes sets the size limit from $FEEDSYNC_MAX_BYTES when it is
// set: one limit (atomicfile.SetMaxBytes) for every path that reads or
// writes a feed, files and standard input, downloads, results, a hub's
// feed and its POSTs, the CSE cache, so that what feedsync writes it
// reads back. The limit is the process's: a command sets it once, before
// it reads anything.
func applyMaxBytes(env *Env) error {
	v := env.Getenv(maxBytesEnv)
	if v == "" {
		return nil
	}
	n, ok := parseSize(v)
	if !ok || n < 1<<20 || n > maxMaxBytes {
		return fmt.Errorf("$%s=%q: want a size from 1 MiB to %s, in bytes or with a unit: 512MiB, 4GiB", maxBytesEnv, v, exactSize(maxMaxBytes))
	}
	atomicfile.SetMaxBytes(n)
	return nil
}
