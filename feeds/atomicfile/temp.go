package atomicfile

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// tempPrefix starts the names of target's temporary files:
// .NAME.tmp-PID-RANDOM.
func tempPrefix(target string) string {
	return "." + filepath.Base(target) + ".tmp-"
}

// createTemp creates a temporary file beside target, named after it and
// this process.
func createTemp(target string) (*os.File, error) {
	return os.CreateTemp(filepath.Dir(target), tempPrefix(target)+strconv.Itoa(os.Getpid())+"-*")
}

// removeStaleTemps removes target's temporary files that no save will
// finish: those whose writer's pid no longer runs, and those older than
// StaleAge. Called under the lock, so no cooperating save is under way.
func removeStaleTemps(target string) {
	dir := filepath.Dir(target)
	entries, err := os.ReadDir(dir)
	if err != nil {
		return
	}
	prefix := tempPrefix(target)
	for _, e := range entries {
		rest, ok := strings.CutPrefix(e.Name(), prefix)
		if !ok || !e.Type().IsRegular() {
			continue
		}
		if staleTemp(rest, e) {
			os.Remove(filepath.Join(dir, e.Name()))
		}
	}
}

// staleTemp tells whether a temporary file whose name ends in rest (PID-RANDOM,
// or RANDOM as earlier versions named them) is stale.
func staleTemp(rest string, e os.DirEntry) bool {
	if pidText, random, ok := strings.Cut(rest, "-"); ok && digits(random) {
		if pid, err := strconv.Atoi(pidText); err == nil && pid > 0 && processGone(pid) {
			return true
		}
	} else if !digits(rest) {
		return false // not a name this package makes
	}
	info, err := e.Info()
	return err == nil && time.Since(info.ModTime()) > StaleAge
}

func digits(s string) bool {
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return s != ""
}
