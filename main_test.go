package main

import (
	"os/exec"
	"strings"
	"testing"
)

const module = "github.com/feedsync/feedsync"

// goList runs go list with a template over a package pattern.
func goList(t *testing.T, format, pattern string, deps bool) []string {
	t.Helper()
	args := []string{"list", "-f", format}
	if deps {
		args = append(args, "-deps")
	}
	out, err := exec.Command("go", append(args, pattern)...).CombinedOutput()
	if err != nil {
		t.Fatalf("go list %s: %v\n%s", pattern, err, out)
	}
	return strings.Fields(string(out))
}

// The arrows of STYLE.md: engine and diff depend on the standard library
// only and not on each other; engine reads no clock, disk or XML by its
// imports; feeds knows no terminal; nothing outside tui and main imports tui.
func TestDependencyArrows(t *testing.T) {
	for _, pkg := range []string{"./engine/...", "./diff/..."} {
		for _, line := range goList(t, "{{.ImportPath}}:{{.Standard}}", pkg, true) {
			path, std, _ := strings.Cut(line, ":")
			if std == "false" && !strings.HasPrefix(path, strings.TrimSuffix(module+pkg[1:], "/...")) {
				t.Errorf("%s depends on %s", pkg, path)
			}
		}
	}
	banned := map[string][]string{
		"./engine/...": {"encoding/xml", "os", "io/fs", "net/http", module + "/diff", module + "/feeds"},
		"./diff/...":   {module + "/engine", module + "/feeds"},
	}
	for pkg, bans := range banned {
		for _, imp := range goList(t, `{{join .Imports " "}}`, pkg, false) {
			for _, b := range bans {
				if imp == b {
					t.Errorf("%s imports %s", pkg, imp)
				}
			}
		}
	}
	for _, pkg := range []string{"./engine/...", "./diff/...", "./feeds/..."} {
		for _, dep := range goList(t, "{{.ImportPath}}", pkg, true) {
			if strings.HasPrefix(dep, module+"/tui") || strings.HasPrefix(dep, "charm.land/") {
				t.Errorf("%s depends on %s", pkg, dep)
			}
		}
	}
}

// The front ends see the two dialects through feeds/dialect only (issue 9):
// no package under tui, tests included, imports a dialect's engine or
// binding, and none but feeds/dialect needs both bindings.
func TestFrontEndsUseDialect(t *testing.T) {
	banned := []string{module + "/engine/sse", module + "/feeds/sse"}
	for _, line := range goList(t, `{{.ImportPath}}:{{join .Imports ","}},{{join .TestImports ","}},{{join .XTestImports ","}}`, "./tui/...", false) {
		pkg, imports, _ := strings.Cut(line, ":")
		for _, imp := range strings.Split(imports, ",") {
			for _, b := range banned {
				if imp == b {
					t.Errorf("%s imports %s; use %s/feeds/dialect", pkg, imp, module)
				}
			}
		}
	}
}

// The resolver imports no binding (issue 19 part 7): it names a version's
// fields, their edits and a resolution's stamp through feeds/dialect
// (dialect.Field, dialect.FieldEdit, dialect.Stamp), so no package of it
// imports package feeds or package engine, test files aside.
func TestResolverImportsNoBinding(t *testing.T) {
	banned := []string{module + "/feeds", module + "/engine"}
	for _, line := range goList(t, `{{.ImportPath}}:{{join .Imports ","}}`, "./tui/resolver/...", false) {
		pkg, imports, _ := strings.Cut(line, ":")
		for _, imp := range strings.Split(imports, ",") {
			for _, b := range banned {
				if imp == b {
					t.Errorf("%s imports %s; use %s/feeds/dialect", pkg, imp, module)
				}
			}
		}
	}
}
