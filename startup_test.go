package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
)

// BenchmarkStartup runs 'feedsync version' as a process, which every
// command and each run of the git merge driver starts with, against a
// hello-world Go program built alike (issue 30 item 2: start-up within 5
// ms of it), and reports the medians of the package initialisation the
// runtime traces (GODEBUG=inittrace=1: init-ms, the sum of every
// package's init) and of the wall time over hello-world's (over-hello-ms):
//
//	go test -run '^$' -bench Startup -benchtime 50x .
//
// As whole processes, with farm-bench or hyperfine:
//
//	go build -o feedsync . && farm-bench --vs './hello' -- ./feedsync version
func BenchmarkStartup(b *testing.B) {
	dir := b.TempDir()
	bin, hello := filepath.Join(dir, "feedsync"), filepath.Join(dir, "hello")
	build(b, dir, "", bin, ".")
	src := filepath.Join(dir, "hellosrc")
	os.MkdirAll(src, 0o755)
	os.WriteFile(filepath.Join(src, "go.mod"), []byte("module hello\n\ngo 1.24\n"), 0o644)
	os.WriteFile(filepath.Join(src, "main.go"), []byte("package main\n\nimport \"fmt\"\n\nfunc main() { fmt.Println(\"hello\") }\n"), 0o644)
	build(b, src, src, hello, ".")
	var inits, walls, hellos []float64
	for b.Loop() {
		cmd := exec.Command(bin, "version")
		cmd.Env = append(os.Environ(), "GODEBUG=inittrace=1")
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		start := time.Now()
		if err := cmd.Run(); err != nil {
			b.Fatal(err)
		}
		walls = append(walls, ms(time.Since(start)))
		inits = append(inits, sumInits(stderr.String()))
		start = time.Now()
		if err := exec.Command(hello).Run(); err != nil {
			b.Fatal(err)
		}
		hellos = append(hellos, ms(time.Since(start)))
	}
	b.ReportMetric(median(inits), "init-ms")
	b.ReportMetric(median(walls)-median(hellos), "over-hello-ms")
}

func ms(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }

// median returns the median of xs; medians, not means, since one run
// that the machine preempts would weigh on a mean.
func median(xs []float64) float64 {
	slices.Sort(xs)
	return xs[len(xs)/2]
}

// build builds package pkg, in module dir (the repository's when ""), to out.
func build(b *testing.B, dir, moddir, out, pkg string) {
	b.Helper()
	cmd := exec.Command("go", "build", "-o", out, pkg)
	if moddir != "" {
		cmd.Dir = moddir
	}
	if msg, err := cmd.CombinedOutput(); err != nil {
		b.Fatalf("go build %s: %v\n%s", pkg, err, msg)
	}
}

// sumInits adds up the clock times of GODEBUG=inittrace=1's lines:
// "init PKG @T ms, D ms clock, ...".
func sumInits(trace string) float64 {
	var sum float64
	for _, line := range strings.Split(trace, "\n") {
		_, rest, ok := strings.Cut(line, " ms, ")
		if !strings.HasPrefix(line, "init ") || !ok {
			continue
		}
		d, _, _ := strings.Cut(rest, " ms clock")
		if v, err := strconv.ParseFloat(d, 64); err == nil {
			sum += v
		}
	}
	return sum
}
