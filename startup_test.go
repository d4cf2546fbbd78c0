package main

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
)

// Start-up budgets of TestStartupInitIsLight, in what GODEBUG=inittrace=1
// counts of each package's init: bytes allocated (deterministic, unlike
// its clock). A regexp compiled at package level costs 2 to 10 KiB and
// some 10^5 instructions, a map literal of a few hundred entries tens of
// KiB; hello-world's inits allocate 2 KiB in all.
const (
	ownInitBytes   = 8 << 10   // a package of this module
	anyInitBytes   = 32 << 10  // any package (ultraviolet's 20 KiB is the most)
	totalInitBytes = 256 << 10 // every package (168 KiB when this was written)
)

// Page faults of 'feedsync version' past a hello-world Go program's, the
// least of startRuns runs of each (TestStartupInitIsLight). A minor fault
// maps a page at its first touch (4 KiB of heap, stack or BSS, or a window
// of up to 16 pages of the program file) and costs most on a virtual
// machine: on the 2-core one here some 15 to 45 us an anonymous page and
// 30 us a window of the file, a third of the time 'feedsync version'
// takes, which made some 270 faults more than hello-world (450 against
// 180, built without C). What an init touches without allocating, a table
// it fills or reads, shows here and not in what the inits allocate: a 1
// MiB table filled at start-up is 256 faults more.
const (
	extraFaults = 400
	startRuns   = 5
)

// heavyInits are packages whose init is heavy and that no command needs
// at start-up: x/text's charset indexes build a map of every name they
// know (ianaindex 54 KiB), read instead from the table
// feeds/internal/xmlscan generates from them.
var heavyInits = []string{
	"golang.org/x/text/encoding/ianaindex",
	"golang.org/x/text/encoding/htmlindex",
}

// TestStartupInitIsLight keeps start-up cheap (issue 30 item 2: every
// process, each git driver run and script line, within 5 ms of a
// hello-world Go program): it builds feedsync without C (CGO_ENABLED=0,
// as the README says to install it, which it checks builds), runs
// 'feedsync version' with GODEBUG=inittrace=1 and fails when a package's
// init allocates past its budget (above), when the inits allocate past
// theirs in all, or when one of heavyInits is linked in; on Linux, also
// when 'feedsync version' takes more than extraFaults page faults past
// hello-world's. What is not needed by every command is made
// when first used (sync.OnceValue): package-level regexps, CRC tables,
// charset tables. It checks what inits allocate, never their time; the
// time is measured as whole processes, against hello-world built alike
// (BenchmarkStartup builds both):
//
//	go build -o feedsync . && /usr/bin/time -v ./feedsync version
//	perf stat -r 50 -e task-clock,page-faults ./feedsync version
//	GODEBUG=inittrace=1 ./feedsync version    # each package's init
//	go test -run '^$' -bench Startup -benchtime 50x .
func TestStartupInitIsLight(t *testing.T) {
	if testing.Short() {
		t.Skip("builds feedsync")
	}
	dir := t.TempDir()
	bin := filepath.Join(dir, "feedsync")
	build(t, "", bin, ".")
	cmd := exec.Command(bin, "version")
	cmd.Env = append(os.Environ(), "GODEBUG=inittrace=1")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("feedsync version: %v\n%s", err, stderr.String())
	}
	inits := initBytes(stderr.String())
	if len(inits) < 100 {
		t.Fatalf("GODEBUG=inittrace=1 traced %d inits:\n%s", len(inits), stderr.String())
	}
	total := 0
	for pkg, n := range inits {
		total += n
		budget := anyInitBytes
		if strings.HasPrefix(pkg, module+"/") {
			budget = ownInitBytes
		}
		if n > budget {
			t.Errorf("%s's init allocates %d bytes, past its budget of %d: make what not every command needs when first used (sync.OnceValue)", pkg, n, budget)
		}
		if slices.Contains(heavyInits, pkg) {
			t.Errorf("%s is linked in, and its init runs at every start (%d bytes)", pkg, n)
		}
	}
	if total > totalInitBytes {
		t.Errorf("the inits allocate %d bytes in all, past the budget of %d", total, totalInitBytes)
	}

	hello := buildHello(t, dir)
	if _, ok := minorFaults(t, hello); !ok {
		return // this system counts no page faults
	}
	faults, helloFaults := int64(-1), int64(-1)
	for range startRuns {
		f, _ := minorFaults(t, bin, "version")
		h, _ := minorFaults(t, hello)
		if faults < 0 || f < faults {
			faults = f
		}
		if helloFaults < 0 || h < helloFaults {
			helloFaults = h
		}
	}
	t.Logf("page faults: feedsync version %d, hello-world %d", faults, helloFaults)
	if faults-helloFaults > extraFaults {
		t.Errorf("'feedsync version' takes %d page faults, %d past hello-world's %d and its budget of %d: "+
			"something at start-up touches memory that not every command needs (a table filled or read, "+
			"a buffer cleared); make it when first used (sync.OnceValue)",
			faults, faults-helloFaults, helloFaults, extraFaults)
	}
}

// initBytes returns the bytes each package's init allocates, from
// GODEBUG=inittrace=1's lines: "init PKG @T ms, D ms clock, B bytes, A allocs".
func initBytes(trace string) map[string]int {
	inits := map[string]int{}
	for _, line := range strings.Split(trace, "\n") {
		f := strings.Fields(line)
		if len(f) < 11 || f[0] != "init" || f[8] != "bytes," {
			continue
		}
		if n, err := strconv.Atoi(f[7]); err == nil {
			inits[f[1]] += n
		}
	}
	return inits
}

// initWork are the calls whose work a package-level variable's value
// should not do at start-up: make it when first used (sync.OnceValue).
var initWork = []string{"regexp.MustCompile", "regexp.Compile", "regexp.MustCompilePOSIX", "crc32.MakeTable", "crc64.MakeTable"}

// TestNoPackageLevelWork finds, in the source of the module's packages
// that feedsync links, a package-level variable whose value calls one of
// initWork as the program starts (directly or in a function literal called
// at once), which TestStartupInitIsLight would catch only once several add
// up.
func TestNoPackageLevelWork(t *testing.T) {
	fset := token.NewFileSet()
	format := `{{with .Module}}{{if eq .Path "` + module + `"}}{{$.Dir}}:{{join $.GoFiles ","}}{{end}}{{end}}`
	pkgs := goList(t, format, ".", true)
	if len(pkgs) < 10 {
		t.Fatalf("go list found %d packages of the module: %v", len(pkgs), pkgs)
	}
	wd, _ := os.Getwd()
	for _, pkg := range pkgs {
		dir, files, _ := strings.Cut(pkg, ":")
		for _, name := range strings.Split(files, ",") {
			f, err := parser.ParseFile(fset, filepath.Join(dir, name), nil, parser.SkipObjectResolution)
			if err != nil {
				t.Fatal(err)
			}
			for _, call := range packageLevelCalls(f) {
				pos := fset.Position(call.Pos())
				if rel, err := filepath.Rel(wd, pos.Filename); err == nil {
					pos.Filename = rel
				}
				t.Errorf("%s: %s runs at start-up: make it when first used (sync.OnceValue)", pos, calleeName(call))
			}
		}
	}
}

// packageLevelCalls returns the calls of initWork that f's package-level
// variables make as the program starts.
func packageLevelCalls(f *ast.File) []*ast.CallExpr {
	var calls []*ast.CallExpr
	for _, d := range f.Decls {
		if g, ok := d.(*ast.GenDecl); ok && g.Tok == token.VAR {
			for _, spec := range g.Specs {
				for _, v := range spec.(*ast.ValueSpec).Values {
					calls = append(calls, startupCalls(v)...)
				}
			}
		}
	}
	return calls
}

// startupCalls returns the calls of initWork that evaluating e makes, not
// looking into function literals that e does not call.
func startupCalls(e ast.Expr) []*ast.CallExpr {
	var calls []*ast.CallExpr
	var visit func(n ast.Node) bool
	visit = func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.CallExpr:
			if lit, ok := n.Fun.(*ast.FuncLit); ok {
				ast.Inspect(lit.Body, visit)
			}
			if slices.Contains(initWork, calleeName(n)) {
				calls = append(calls, n)
			}
		}
		return true
	}
	ast.Inspect(e, visit)
	return calls
}

// calleeName names what call calls when it is pkg.Func, else "".
func calleeName(call *ast.CallExpr) string {
	if sel, ok := call.Fun.(*ast.SelectorExpr); ok {
		if id, ok := sel.X.(*ast.Ident); ok {
			return id.Name + "." + sel.Sel.Name
		}
	}
	return ""
}

// BenchmarkStartup runs 'feedsync version' as a process, which every
// command and each run of the git merge driver starts with, against a
// hello-world Go program built alike (issue 30 item 2: start-up within 5
// ms of it), and reports the medians of the package initialisation the
// runtime traces (GODEBUG=inittrace=1: init-ms, the sum of every
// package's init; init-B, the bytes they allocate, which load does not
// change) and of the wall time over hello-world's (over-hello-ms, timed
// in a run of its own, as the tracing slows the traced one). It also
// times the floor of that target, a program that links every library
// feedsync links and runs only their inits (a hello-world that imports
// each for its side effects, none of feedsync's own packages): its wall
// time over hello-world's is libs-over-hello-ms, what no change to
// feedsync's own code can take back while one binary links them all:
//
//	go test -run '^$' -bench Startup -benchtime 50x .
//
// As whole processes (CPU time and page faults, and instructions, which
// load does not change either; TestStartupInitIsLight lists more):
//
//	go build -o feedsync . && perf stat -r 50 -e task-clock,page-faults ./feedsync version
//	GODEBUG=asyncpreemptoff=1 valgrind --tool=callgrind ./feedsync version
func BenchmarkStartup(b *testing.B) {
	dir := b.TempDir()
	bin := filepath.Join(dir, "feedsync")
	build(b, "", bin, ".")
	hello := buildHello(b, dir)
	libs := buildLibraries(b, dir)
	var inits, walls, hellos, floors []float64
	initB := 0
	for b.Loop() {
		cmd := exec.Command(bin, "version")
		cmd.Env = append(os.Environ(), "GODEBUG=inittrace=1")
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		if err := cmd.Run(); err != nil {
			b.Fatal(err)
		}
		inits = append(inits, sumInits(stderr.String()))
		initB = 0
		for _, n := range initBytes(stderr.String()) {
			initB += n
		}
		start := time.Now()
		if err := exec.Command(bin, "version").Run(); err != nil {
			b.Fatal(err)
		}
		walls = append(walls, ms(time.Since(start)))
		start = time.Now()
		if err := exec.Command(hello).Run(); err != nil {
			b.Fatal(err)
		}
		hellos = append(hellos, ms(time.Since(start)))
		start = time.Now()
		if err := exec.Command(libs).Run(); err != nil {
			b.Fatal(err)
		}
		floors = append(floors, ms(time.Since(start)))
	}
	b.ReportMetric(median(inits), "init-ms")
	b.ReportMetric(float64(initB), "init-B")
	b.ReportMetric(median(walls)-median(hellos), "over-hello-ms")
	b.ReportMetric(median(floors)-median(hellos), "libs-over-hello-ms")
}

// buildLibraries builds, in dir, a hello-world Go program that imports
// for their side effects every package feedsync links but its own (and
// those no other module may import, internal and vendored ones, which
// their importers bring), in this module's versions, and returns its
// path: the start-up of the libraries alone.
func buildLibraries(tb testing.TB, dir string) string {
	tb.Helper()
	cmd := exec.Command("go", "list", "-deps", ".")
	cmd.Env = append(os.Environ(), "CGO_ENABLED=0")
	out, err := cmd.Output()
	if err != nil {
		tb.Fatalf("go list -deps .: %v", err)
	}
	var src strings.Builder
	src.WriteString("package main\n\nimport \"fmt\"\n\nimport (\n")
	for _, pkg := range strings.Fields(string(out)) {
		internal := strings.Contains("/"+pkg+"/", "/internal/") || strings.HasPrefix(pkg, "vendor/")
		if internal || pkg == "unsafe" || pkg == "main" || strings.HasPrefix(pkg, "github.com/feedsync/") {
			continue
		}
		fmt.Fprintf(&src, "\t_ %q\n", pkg)
	}
	src.WriteString(")\n\nfunc main() { fmt.Println(\"hello\") }\n")
	mod := filepath.Join(dir, "libssrc")
	os.MkdirAll(mod, 0o755)
	for _, f := range []string{"go.mod", "go.sum"} {
		data, err := os.ReadFile(f)
		if err != nil {
			tb.Fatal(err)
		}
		os.WriteFile(filepath.Join(mod, f), data, 0o644)
	}
	os.WriteFile(filepath.Join(mod, "main.go"), []byte(src.String()), 0o644)
	libs := filepath.Join(dir, "libs")
	build(tb, mod, libs, ".")
	return libs
}

func ms(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }

// median returns the median of xs; medians, not means, since one run
// that the machine preempts would weigh on a mean.
func median(xs []float64) float64 {
	slices.Sort(xs)
	return xs[len(xs)/2]
}

// build builds package pkg, in module moddir (the repository's when ""),
// to out, without C (CGO_ENABLED=0), as the README says to install
// feedsync: then it starts without the dynamic loader and libc.
func build(tb testing.TB, moddir, out, pkg string) {
	tb.Helper()
	cmd := exec.Command("go", "build", "-o", out, pkg)
	cmd.Dir = moddir
	cmd.Env = append(os.Environ(), "CGO_ENABLED=0")
	if msg, err := cmd.CombinedOutput(); err != nil {
		tb.Fatalf("CGO_ENABLED=0 go build %s: %v\n%s", pkg, err, msg)
	}
}

// buildHello builds a hello-world Go program in dir, alike, and returns
// its path.
func buildHello(tb testing.TB, dir string) string {
	tb.Helper()
	src, hello := filepath.Join(dir, "hellosrc"), filepath.Join(dir, "hello")
	os.MkdirAll(src, 0o755)
	os.WriteFile(filepath.Join(src, "go.mod"), []byte("module hello\n\ngo 1.24\n"), 0o644)
	os.WriteFile(filepath.Join(src, "main.go"), []byte("package main\n\nimport \"fmt\"\n\nfunc main() { fmt.Println(\"hello\") }\n"), 0o644)
	build(tb, src, hello, ".")
	return hello
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
