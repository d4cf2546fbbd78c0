package mesh4xtest

import (
	"bytes"
	"io"
	"net/http"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"golang.org/x/tools/txtar"
)

// The stand-in answers the requests recorded with the real servlet
// (testdata/servlet.txtar) as the servlet did: status, Content-Type,
// Server and body, but for the link (its address) and the items' order,
// which follows the servlet's repository.
func TestStandInAnswersAsTheServletDid(t *testing.T) {
	ar, err := txtar.ParseFile("testdata/servlet.txtar")
	if err != nil {
		t.Fatal(err)
	}
	files := map[string][]byte{}
	for _, f := range ar.Files {
		files[f.Name] = f.Data
	}
	s, url := Start(t)
	for _, step := range []struct {
		name, method string
		now          string // the servlet's clock, in an answer without items
	}{
		{"1", "POST", "Mon, 07 Dec 2026 20:02:19 GMT"},
		{"2-get", "GET", ""},
		{"3", "POST", "Mon, 07 Dec 2026 20:02:32 GMT"},
		{"4", "POST", ""},
		{"5-get", "GET", ""},
	} {
		if step.now != "" {
			at, _ := time.Parse(http.TimeFormat, step.now)
			s.Now = func() time.Time { return at }
		}
		req, _ := http.NewRequest(step.method, url, bytes.NewReader(files[step.name+"-post.xml"]))
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		got := resp.Proto + " " + resp.Status + "\nContent-Type: " + resp.Header.Get("Content-Type") + "\nServer: " + resp.Header.Get("Server") + "\n\n" + string(body) + "\n"
		want := strings.ReplaceAll(string(files[step.name+"-answer"]), "http://127.0.0.1:18811/feeds/grp/ds", url)
		if g, w := unordered(got), unordered(want); g != w {
			t.Errorf("%s %s: answered\n%s\nwant, as the servlet did,\n%s", step.method, step.name, got, want)
		}
	}
}

var itemRE = regexp.MustCompile(`<item><guid.*?</sx:sync></item>`)

// unordered puts a feed's top-level items in order, as text.
func unordered(feed string) string {
	var items []string
	rest := itemRE.ReplaceAllStringFunc(feed, func(it string) string {
		items = append(items, it)
		return ""
	})
	slices.Sort(items)
	return rest + strings.Join(items, "\n")
}
