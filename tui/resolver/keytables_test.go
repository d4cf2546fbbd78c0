package resolver

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"charm.land/bubbles/v2/key"
	"github.com/feedsync/feedsync/tui/resolver/draw"
	"github.com/feedsync/feedsync/tui/resolver/mergeview"
)

// keyMaps are the resolver's key maps as their constructors make them.
// A key map added to the resolver goes here, and its bindings are then
// checked by the tests below.
func keyMaps() map[string]any {
	return map[string]any{
		"ActionKeys":           DefaultActionKeys(),
		"ListKeys":             DefaultListKeys(),
		"ItemKeys":             DefaultItemKeys(),
		"mergeview.Keys":       mergeview.DefaultKeys(),
		"mergeview.EditorKeys": mergeview.DefaultEditorKeys(),
		"draw.ScrollKeys":      draw.DefaultScrollKeys(),
		"mergeview.TypingKeys": mergeview.TypingKeys{Keys: mergeview.DefaultKeys()},
		"HelpKeys":             DefaultHelpKeys(),
		"XMLKeys":              DefaultXMLKeys(),
		"PromptKeys":           DefaultPromptKeys(),
		"HistoryKeys":          NewHistoryPane(nil).KeyMap(),
	}
}

// bindings finds every key.Binding in v, a struct of bindings (embedded
// structs included), by field name.
func bindings(prefix string, v reflect.Value) map[string]key.Binding {
	out := map[string]key.Binding{}
	for i := range v.NumField() {
		f, name := v.Field(i), prefix+"."+v.Type().Field(i).Name
		switch b, ok := f.Interface().(key.Binding); {
		case ok:
			out[name] = b
		case f.Kind() == reflect.Struct:
			for n, b := range bindings(name, f) {
				out[n] = b
			}
		}
	}
	return out
}

// TestEveryBindingIsInTheKeyTables: every binding of every key map of the
// resolver, found by reflection so that a binding added tomorrow is
// checked too, is in the key tables that 'feedsync help resolver' and the
// README are made from, as the ? overlay shows it, or each of its keys is
// named by a row there ("n/N" names the N of the previous match). A
// binding no screen lists in its help is a key nobody can learn.
func TestEveryBindingIsInTheKeyTables(t *testing.T) {
	documented, named := map[[2]string]bool{}, map[string]bool{}
	for _, tb := range KeyTables() {
		for _, k := range tb.Keys {
			documented[[2]string{k.Keys, k.Desc}] = true
			for _, n := range helpKeyNames(k.Keys) {
				named[n] = true
			}
		}
	}
	for typ, km := range keyMaps() {
		for name, b := range bindings(typ, reflect.ValueOf(km)) {
			if documented[[2]string{b.Help().Key, b.Help().Desc}] || !slices.ContainsFunc(b.Keys(), func(k string) bool { return !named[k] }) {
				continue
			}
			t.Errorf("%s (%q, %q) is in no screen's help: add it to its key map's FullHelp", name, b.Help().Key, b.Help().Desc)
		}
	}
	// The list of key maps is complete: every exported struct type of
	// the package named ...Keys is in it (ConfirmKeys is made per
	// question, and KeyTables lists every question).
	for _, name := range keyTypes(t) {
		if _, ok := keyMaps()[name]; !ok && name != "ConfirmKeys" {
			t.Errorf("key map %s is not checked: add it to keyMaps", name)
		}
	}
}

// keyTypes lists the exported struct types named ...Keys of the package
// and of the views' packages beside it, these with their package's name.
func keyTypes(t *testing.T) []string {
	t.Helper()
	var files []string
	for _, dir := range []string{".", "mergeview", "draw"} {
		fs, err := filepath.Glob(filepath.Join(dir, "*.go"))
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, fs...)
	}
	var names []string
	for _, path := range files {
		prefix := ""
		if dir := filepath.Dir(path); dir != "." {
			prefix = dir + "."
		}
		if strings.HasSuffix(path, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(token.NewFileSet(), path, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(f, func(n ast.Node) bool {
			if ts, ok := n.(*ast.TypeSpec); ok && ts.Name.IsExported() && strings.HasSuffix(ts.Name.Name, "Keys") {
				if _, ok := ts.Type.(*ast.StructType); ok {
					names = append(names, prefix+ts.Name.Name)
				}
			}
			return true
		})
	}
	slices.Sort(names)
	if len(names) < len(keyMaps()) {
		t.Fatalf("found key types %v, fewer than the %d checked", names, len(keyMaps()))
	}
	return names
}

// TestEveryQuestionIsInTheKeyTables: every question the resolver asks
// (the constants of type question, found in the source) has its table.
func TestEveryQuestionIsInTheKeyTables(t *testing.T) {
	f, err := parser.ParseFile(token.NewFileSet(), "confirm.go", nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, d := range f.Decls {
		if g, ok := d.(*ast.GenDecl); ok && g.Tok == token.CONST {
			if vs := g.Specs[0].(*ast.ValueSpec); vs.Type != nil && fmt.Sprint(vs.Type) == "question" {
				n = len(g.Specs)
			}
		}
	}
	if n == 0 || n != len(questions) {
		t.Errorf("confirm.go declares %d questions, the key tables list %d: add the new one to questions", n, len(questions))
	}
}

// TestKeyTablesNameBoundKeys: every key a table documents is bound, by
// that binding or by another on the same screen ("n/N" on the item
// screen), so that help cannot say one key while another works. Help
// writes ← for left and ctrl+home/end for ctrl+home and ctrl+end.
func TestKeyTablesNameBoundKeys(t *testing.T) {
	for _, tb := range KeyTables() {
		if len(tb.Keys) == 0 {
			t.Errorf("%s: no keys", tb.Screen)
		}
		var screen []string
		for _, k := range tb.Keys {
			screen = append(screen, k.Bound...)
		}
		for _, k := range tb.Keys {
			for _, tok := range helpKeyNames(k.Keys) {
				if !slices.Contains(k.Bound, tok) && !slices.Contains(screen, tok) {
					t.Errorf("%s: help says %q for %q, but it binds %q", tb.Screen, tok, k.Desc, k.Bound)
				}
			}
		}
	}
	for _, tc := range []struct {
		help string
		want []string
	}{
		{"h/←", []string{"h", "left"}},
		{"ctrl+home/end", []string{"ctrl+home", "ctrl+end"}},
		{"shift+tab/[", []string{"shift+tab", "["}},
		{"/", []string{"/"}},
		{"pgdn/space", []string{"pgdown", "space"}},
	} {
		if got := helpKeyNames(tc.help); !slices.Equal(got, tc.want) {
			t.Errorf("helpKeyNames(%q) = %q, want %q", tc.help, got, tc.want)
		}
	}
}

// helpKeyNames turns a binding's help keys into the names Bubble Tea
// gives keys: "h/←" is h and left, "ctrl+home/end" ctrl+home and
// ctrl+end, "n/N" n and N.
func helpKeyNames(help string) []string {
	if help == "/" {
		return []string{"/"}
	}
	arrows := strings.NewReplacer("←", "left", "→", "right", "↑", "up", "↓", "down", "pgdn", "pgdown")
	var out []string
	mod := ""
	for i, tok := range strings.Split(help, "/") {
		tok = arrows.Replace(tok)
		if j := strings.LastIndex(tok, "+"); j > 0 && j < len(tok)-1 {
			mod = tok[:j+1]
		} else if i > 0 && mod != "" && len(tok) > 1 {
			tok = mod + tok
		}
		out = append(out, tok)
	}
	return out
}
