package share

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const password = "s3cret"

// basicAuth wants user:s3cret as HTTP Basic credentials on every request.
func basicAuth(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if u, p, ok := r.BasicAuth(); !ok || u != "user" || p != password {
			w.Header().Set("WWW-Authenticate", `Basic realm="feeds"`)
			http.Error(w, "401 unauthorized", http.StatusUnauthorized)
			return
		}
		next.ServeHTTP(w, r)
	})
}

// withPassword is the hub's URL with user:s3cret in it.
func withPassword(th *testHub) string {
	return strings.Replace(th.srv.URL, "http://", "http://user:"+password+"@", 1) + "/"
}

// A subscription to a URL with a password in it sends the credentials to
// the URL's origin (the complete feed there included) as HTTP Basic, and
// stores no password: the state is kept under the redacted URL.
func TestSubscriptionStoresNoPassword(t *testing.T) {
	th := startHub(t, "rss", Options{Window: Window{Items: 1}})
	th.edit("A", create("a", "A"), create("b", "B"))
	th.edit("A", create("c", "C"))
	th.srv.Config.Handler = basicAuth(th.hub)
	local := filepath.Join(t.TempDir(), "l.xml")
	sub := &Subscription{Local: local, URL: withPassword(th), By: "E", Now: t0, Client: &Client{}}
	res, err := sub.Sync(context.Background())
	if err != nil || !res.Complete {
		t.Fatalf("sync through Basic auth: %+v, %v", res, err)
	}
	if got := ids(mustParse(t, local, readFile(t, local))); got != "a,b,c" {
		t.Errorf("LOCAL holds %s, want a,b,c: the complete feed was not read with the credentials", got)
	}
	state := readFile(t, statePath(local, "sync"))
	if strings.Contains(string(state), password) {
		t.Errorf("the subscription state holds the password:\n%s", state)
	}
	states, err := loadSubStates(statePath(local, "sync"))
	if err != nil {
		t.Fatal(err)
	}
	if want := strings.Replace(sub.URL, password, "xxxxx", 1); states.Subs[want] == nil {
		t.Errorf("no state under %s: %s", want, state)
	}
	// A new password is the same subscription.
	sub.URL = strings.Replace(sub.URL, password, "other", 1)
	th.srv.Config.Handler = th.hub
	if res, err := sub.Pull(context.Background()); err != nil || !res.Unchanged {
		t.Errorf("a pull with another password: %+v, %v; want the subscription's state, unchanged", res, err)
	}
}

// A state file that an older feedsync wrote under the URL with its
// password is taken over, and rewritten without it, by the next read,
// even one that finds nothing new.
func TestSubscriptionStateLosesOldPassword(t *testing.T) {
	th := startHub(t, "rss", Options{Window: Window{Items: 1}})
	th.edit("A", create("a", "A"))
	e := th.endpoint("E")
	e.sync()
	path := statePath(e.local, "sync")
	states, err := loadSubStates(path)
	if err != nil {
		t.Fatal(err)
	}
	states.Subs = map[string]*subState{withPassword(th): states.Subs[th.srv.URL+"/"]}
	data, _ := json.Marshal(states)
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	sub := &Subscription{Local: e.local, URL: withPassword(th), By: "E", Now: t0, Client: &Client{}}
	if res, err := sub.Sync(context.Background()); err != nil || !res.Unchanged {
		t.Errorf("sync: %+v, %v; want the old state taken over (nothing new)", res, err)
	}
	if state := readFile(t, path); strings.Contains(string(state), password) {
		t.Errorf("the state still holds the password:\n%s", state)
	}
}

// No message of a failed pull or sync shows a password: not a failed
// request, a feed that does not load, a refused push, nor a complete feed
// elsewhere whose link holds one.
func TestSubscriptionErrorsShowNoPassword(t *testing.T) {
	partial := func(link string) string {
		return strings.Replace(emptyFeeds["rss"], "<title>To do</title>", `<title>To do</title>
    <sx:sharing since="0002" until="0003"><sx:related link="`+link+`" type="complete"/></sx:sharing>`, 1)
	}
	for _, tc := range []struct {
		name string
		push bool
		body string
		code int
	}{
		{"status", false, "", http.StatusInternalServerError},
		{"not_a_feed", false, "<rss", http.StatusOK},
		{"not_a_hub", true, emptyFeeds["rss"], http.StatusOK},
		{"complete_elsewhere", false, partial("http://other:" + password + "@127.0.0.1:1/complete"), http.StatusOK},
		{"complete_link_malformed", false, partial("http://other:" + password + "@127.0.0.1:port/complete"), http.StatusOK},
	} {
		t.Run(tc.name, func(t *testing.T) {
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				w.WriteHeader(tc.code)
				w.Write([]byte(tc.body))
			}))
			defer srv.Close()
			url := strings.Replace(srv.URL, "http://", "http://user:"+password+"@", 1) + "/feed.xml"
			var warned []string
			local := writeFeed(t, t.TempDir(), "l.xml", emptyFeeds["rss"])
			apply(t, local, stamp{"E", t0}, create("mine", "Mine")) // for a push to send
			sub := &Subscription{Local: local, URL: url, By: "E", Now: t0, Client: &Client{},
				Warn: func(m string) { warned = append(warned, m) }}
			run := sub.Pull
			if tc.push {
				run = sub.Sync
			}
			_, err := run(context.Background())
			if err == nil {
				t.Fatal("no error")
			}
			if msg := err.Error() + strings.Join(warned, "\n"); strings.Contains(msg, password) || !strings.Contains(msg, ":xxxxx@") {
				t.Errorf("the message shows the password, or no redacted URL: %s", msg)
			}
		})
	}
}
