// Package pgtest runs a private PostgreSQL server for tests: the tests of
// feedsync's PostgreSQL hubs run against a real server, never a mock.
//
// Start runs initdb into a temporary folder and the server on 127.0.0.1
// and a free port, its socket in that folder, with trust authentication
// for the superuser postgres. When the tests run as root (PostgreSQL
// refuses to), the folder is given to the unprivileged user nobody and
// the server runs as that user. The server is stopped by Stop, and by
// the kernel if the test process dies first (Linux's parent-death signal),
// so that no server outlives the tests there.
//
// initdb, pg_ctl and postgres are looked for on PATH, then in
// /usr/lib/postgresql/*/bin (Debian's layout). Where they are not found,
// Require skips the test with one line saying how to run it; CI installs
// Debian's package postgresql so that these tests always run there.
package pgtest

import (
	"context"
	"errors"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
)

// Server is a private PostgreSQL server.
type Server struct {
	bin  string // the folder of initdb and postgres
	dir  string // the temporary folder: data/ and the socket
	Port int

	mu   sync.Mutex
	cmd  *exec.Cmd
	done chan struct{}
	as   *account // the user the server runs as under root; nil otherwise
	log  *os.File
}

// ErrNoPostgres says that no PostgreSQL binaries were found.
var ErrNoPostgres = errors.New("PostgreSQL (initdb, postgres) is not installed: install it (Debian: apt-get install postgresql) to run the PostgreSQL tests")

// binDir finds the folder holding initdb and postgres.
func binDir() (string, error) {
	if p, err := exec.LookPath("initdb"); err == nil {
		if real, err := filepath.EvalSymlinks(p); err == nil {
			p = real
		}
		dir := filepath.Dir(p)
		if _, err := os.Stat(filepath.Join(dir, "postgres")); err == nil {
			return dir, nil
		}
	}
	found, _ := filepath.Glob("/usr/lib/postgresql/*/bin/initdb")
	sort.Slice(found, func(i, j int) bool { return version(found[i]) > version(found[j]) })
	for _, p := range found {
		if _, err := os.Stat(filepath.Join(filepath.Dir(p), "postgres")); err == nil {
			return filepath.Dir(p), nil
		}
	}
	return "", ErrNoPostgres
}

// version is the major version in a path /usr/lib/postgresql/N/bin/initdb.
func version(p string) int {
	n, _ := strconv.Atoi(filepath.Base(filepath.Dir(filepath.Dir(p))))
	return n
}

// Available reports whether a server can be started here.
func Available() bool {
	_, err := binDir()
	return err == nil
}

// Require skips the test, with one line saying how to run it, when
// PostgreSQL is not installed.
func Require(t testing.TB) {
	t.Helper()
	if !Available() {
		t.Skip("skipped: no PostgreSQL here; install it (Debian: apt-get install postgresql) to run the PostgreSQL tests, as CI does")
	}
}

// Start initializes and starts a server.
func Start() (*Server, error) {
	bin, err := binDir()
	if err != nil {
		return nil, err
	}
	dir, err := os.MkdirTemp("", "feedsync-pgtest-")
	if err != nil {
		return nil, err
	}
	s := &Server{bin: bin, dir: dir}
	if os.Geteuid() == 0 {
		as, err := nobody()
		if err != nil {
			os.RemoveAll(dir)
			return nil, err
		}
		s.as = as
		if err := as.own(dir); err != nil {
			os.RemoveAll(dir)
			return nil, err
		}
	}
	if err := s.initdb(); err != nil {
		os.RemoveAll(dir)
		return nil, err
	}
	if s.Port, err = freePort(); err != nil {
		os.RemoveAll(dir)
		return nil, err
	}
	if err := s.start(); err != nil {
		os.RemoveAll(dir)
		return nil, err
	}
	return s, nil
}

func (s *Server) command(name string, args ...string) *exec.Cmd {
	cmd := exec.Command(filepath.Join(s.bin, name), args...)
	cmd.Dir = s.dir
	cmd.Env = append(os.Environ(), "LC_ALL=C", "TZ=UTC")
	cmd.SysProcAttr = s.as.procAttr()
	return cmd
}

func (s *Server) data() string { return filepath.Join(s.dir, "data") }

func (s *Server) initdb() error {
	cmd := s.command("initdb", "-D", s.data(), "-U", "postgres", "--auth=trust", "-E", "UTF8", "--locale=C", "--no-sync")
	if out, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("initdb: %v\n%s", err, out)
	}
	return nil
}

// freePort returns a port of 127.0.0.1 that nothing listens on now.
func freePort() (int, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	defer ln.Close()
	return ln.Addr().(*net.TCPAddr).Port, nil
}

// start runs the server on s.Port and waits until it takes connections.
func (s *Server) start() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	log, err := os.OpenFile(filepath.Join(os.TempDir(), filepath.Base(s.dir)+".log"), os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o600)
	if err != nil {
		return err
	}
	cmd := s.command("postgres", "-D", s.data(), "-p", strconv.Itoa(s.Port), "-h", "127.0.0.1", "-k", s.dir,
		"-c", "max_connections=200", "-c", "shared_buffers=64MB", "-c", "log_min_messages=warning")
	cmd.Stdout, cmd.Stderr = log, log
	if err := cmd.Start(); err != nil {
		log.Close()
		return fmt.Errorf("starting postgres: %w", err)
	}
	done := make(chan struct{})
	go func() { cmd.Wait(); close(done) }()
	s.cmd, s.done, s.log = cmd, done, log
	deadline := time.Now().Add(30 * time.Second)
	for {
		ctx, cancel := context.WithTimeout(context.Background(), time.Second)
		c, err := pgx.Connect(ctx, s.URL("postgres"))
		cancel()
		if err == nil {
			c.Close(context.Background())
			return nil
		}
		select {
		case <-done:
			out, _ := os.ReadFile(log.Name())
			return fmt.Errorf("postgres exited: %s", out)
		default:
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("postgres did not take connections within 30s: %v", err)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// URL is the connection URI of database db on the server.
func (s *Server) URL(db string) string {
	return fmt.Sprintf("postgres://postgres@127.0.0.1:%d/%s?sslmode=disable", s.Port, db)
}

var dbs atomic.Int64

// CreateDB creates a new, empty database and returns its URL.
func (s *Server) CreateDB() (string, error) {
	name := fmt.Sprintf("feedsync_%d_%d", os.Getpid(), dbs.Add(1))
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	c, err := pgx.Connect(ctx, s.URL("postgres"))
	if err != nil {
		return "", err
	}
	defer c.Close(ctx)
	if _, err := c.Exec(ctx, "CREATE DATABASE "+name); err != nil {
		return "", err
	}
	return s.URL(name), nil
}

// DB creates a new database for the test and returns its URL.
func (s *Server) DB(t testing.TB) string {
	t.Helper()
	u, err := s.CreateDB()
	if err != nil {
		t.Fatal(err)
	}
	return u
}

// signal stops the server with sig (SIGINT: fast shutdown; SIGQUIT:
// immediate, as a crash) and waits for it to exit.
func (s *Server) signal(sig syscall.Signal) {
	s.mu.Lock()
	cmd, done, log := s.cmd, s.done, s.log
	s.cmd = nil
	s.mu.Unlock()
	if cmd == nil {
		return
	}
	cmd.Process.Signal(sig)
	select {
	case <-done:
	case <-time.After(30 * time.Second):
		cmd.Process.Kill()
		<-done
	}
	log.Close()
}

// Down stops the server, as an outage does, keeping its data for Up.
func (s *Server) Down() { s.signal(syscall.SIGINT) }

// Up starts the server again on the same port after Down.
func (s *Server) Up() error { return s.start() }

// Stop stops the server and removes its folder.
func (s *Server) Stop() {
	s.signal(syscall.SIGINT)
	os.RemoveAll(s.dir)
	os.Remove(filepath.Join(os.TempDir(), filepath.Base(s.dir)+".log"))
}

// LogTail returns the end of the server's log, for a failing test.
func (s *Server) LogTail() string {
	data, _ := os.ReadFile(filepath.Join(os.TempDir(), filepath.Base(s.dir)+".log"))
	if len(data) > 4000 {
		data = data[len(data)-4000:]
	}
	return strings.TrimSpace(string(data))
}

// Shared is one server for the tests of a package, started by the first
// test that asks for it and stopped by Main.
var shared struct {
	once sync.Once
	srv  *Server
	err  error
}

// SharedServer returns the package's server, starting it on first use; it
// skips the test when PostgreSQL is not installed.
func SharedServer(t testing.TB) *Server {
	t.Helper()
	Require(t)
	shared.once.Do(func() { shared.srv, shared.err = Start() })
	if shared.err != nil {
		t.Fatalf("starting PostgreSQL: %v", shared.err)
	}
	return shared.srv
}

// Private starts a server of the test's own (one it may stop and start),
// stopped when the test ends.
func Private(t testing.TB) *Server {
	t.Helper()
	Require(t)
	s, err := Start()
	if err != nil {
		t.Fatalf("starting PostgreSQL: %v", err)
	}
	t.Cleanup(s.Stop)
	return s
}

// Main runs the tests (from TestMain) and stops the shared server after
// them, whatever they did.
func Main(m *testing.M) int {
	code := m.Run()
	if shared.srv != nil {
		shared.srv.Stop()
	}
	return code
}

// RequirePassword makes a role user with the password that the server
// asks of it over TCP (scram-sha-256), the other users still trusted: for
// the tests of a wrong password.
func (s *Server) RequirePassword(user, password string) error {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	c, err := pgx.Connect(ctx, s.URL("postgres"))
	if err != nil {
		return err
	}
	defer c.Close(ctx)
	if _, err := c.Exec(ctx, fmt.Sprintf("CREATE ROLE %s LOGIN SUPERUSER PASSWORD '%s'", pgx.Identifier{user}.Sanitize(), strings.ReplaceAll(password, "'", "''"))); err != nil {
		return err
	}
	hba := filepath.Join(s.data(), "pg_hba.conf")
	old, err := os.ReadFile(hba)
	if err != nil {
		return err
	}
	line := fmt.Sprintf("host all %s 127.0.0.1/32 scram-sha-256\n", user)
	if err := os.WriteFile(hba, append([]byte(line), old...), 0o600); err != nil {
		return err
	}
	if s.as != nil {
		s.as.own(hba)
	}
	_, err = c.Exec(ctx, "SELECT pg_reload_conf()")
	return err
}

// CPU is the processor time the server has used so far, its backends'
// included (Linux's /proc: the postmaster's, its children's that ended,
// and those running); 0 where /proc does not say.
func (s *Server) CPU() time.Duration {
	s.mu.Lock()
	cmd := s.cmd
	s.mu.Unlock()
	if cmd == nil {
		return 0
	}
	pid := cmd.Process.Pid
	total := ProcCPU(pid, true)
	entries, _ := os.ReadDir("/proc")
	for _, e := range entries {
		child, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		if ppid, ok := procField(child, 3); ok && ppid == int64(pid) {
			total += ProcCPU(child, false)
		}
	}
	return total
}

// ProcCPU is the processor time process pid has used (utime and stime),
// with that of its children that ended when children is set; 0 where
// /proc does not say.
func ProcCPU(pid int, children bool) time.Duration {
	var ticks int64
	fields := []int{13, 14}
	if children {
		fields = append(fields, 15, 16)
	}
	for _, f := range fields {
		v, _ := procField(pid, f)
		ticks += v
	}
	return time.Duration(ticks) * time.Second / 100 // USER_HZ
}

// procField reads field i (0-based, after the command's name) of
// /proc/pid/stat: 3 is the parent's pid, 13 and 14 utime and stime.
func procField(pid, i int) (int64, bool) {
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return 0, false
	}
	s := string(data)
	end := strings.LastIndexByte(s, ')')
	if end < 0 {
		return 0, false
	}
	fs := strings.Fields(s[end+1:])
	// fs[0] is the state, field 2 of stat (0-based); field i is fs[i-2].
	if i-2 < 0 || i-2 >= len(fs) {
		return 0, false
	}
	v, err := strconv.ParseInt(fs[i-2], 10, 64)
	return v, err == nil
}
