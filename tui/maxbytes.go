package tui

import (
	"fmt"

	"github.com/feedsync/feedsync/feeds/atomicfile"
	"github.com/feedsync/feedsync/feeds/fetch"
)

// maxBytesEnv names the environment variable that sets the size limit of
// the feeds feedsync reads from files and standard input and of the
// results it writes, instead of fetch.MaxBytes.
const maxBytesEnv = "FEEDSYNC_MAX_BYTES"

// maxMaxBytes is the largest limit maxBytesEnv may set.
const maxMaxBytes = 64 << 30

// maxFeedBytes is the size limit on reading a feed from a file or standard
// input: fetch.MaxBytes unless maxBytesEnv says otherwise.
var maxFeedBytes int64 = fetch.MaxBytes

// applyMaxBytes sets the size limit from $FEEDSYNC_MAX_BYTES when it is
// set: of the feeds read from files and standard input (maxFeedBytes), of
// the files read and replaced under a lock (atomicfile.SetMaxBytes) and of
// every result (writeLimit), one limit for all, so that what feedsync
// writes it reads back. Downloads keep fetch's limits. The limit is the
// process's: a command sets it once, before it reads anything.
func applyMaxBytes(env *Env) error {
	v := env.Getenv(maxBytesEnv)
	if v == "" {
		return nil
	}
	n, ok := parseSize(v)
	if !ok || n < 1<<20 || n > maxMaxBytes {
		return fmt.Errorf("$%s=%q: want a size from 1 MiB to %s, in bytes or with a unit: 512MiB, 4GiB", maxBytesEnv, v, exactSize(maxMaxBytes))
	}
	maxFeedBytes, writeLimit = n, n
	atomicfile.SetMaxBytes(n)
	return nil
}
