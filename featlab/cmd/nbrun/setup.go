package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
)

// kernelFlags are the log settings the kernel is registered with. GoNB
// v0.11.3 logs a test line "Error message" at every kernel start (its
// extra-log set-up runs even without -extra_log), and errors go to the
// kernel's stderr, which is the terminal of `make lab` and the log of every
// headless run. With stderrthreshold=FATAL its log stays in its log files
// (klog's default, in the temporary folder) and the terminal shows only
// what Jupyter itself prints. Errors a student must see (compile errors,
// failing cells) reach the notebook through Jupyter, not through this log.
var kernelFlags = []string{"-logtostderr=false", "-alsologtostderr=false", "-stderrthreshold=3"}

// kernelSpec is the part of a Jupyter kernel.json nbrun checks.
type kernelSpec struct {
	Argv []string          `json:"argv"`
	Env  map[string]string `json:"env"`
}

// kernelCurrent reports why the kernel spec at path does not run gonb with
// the given PATH and log flags ("" when it does). GoNB's installer records
// either gonb's own path or, when gonb lives under /tmp or the user cache,
// a copy next to kernel.json; a copy with gonb's exact bytes counts.
func kernelCurrent(path, gonb, pathEnv string) string {
	b, err := os.ReadFile(path)
	if err != nil {
		return "no kernel spec"
	}
	var ks kernelSpec
	if err := json.Unmarshal(b, &ks); err != nil || len(ks.Argv) == 0 {
		return "unreadable kernel spec"
	}
	if !sameFile(ks.Argv[0], gonb) {
		return fmt.Sprintf("it runs %s, not %s", ks.Argv[0], gonb)
	}
	for _, f := range kernelFlags {
		if !slices.Contains(ks.Argv, f) {
			return "its log flags differ"
		}
	}
	if ks.Env["PATH"] != pathEnv {
		return "its PATH differs"
	}
	return ""
}

// sameFile reports whether a and b are the same file or files with the
// same bytes.
func sameFile(a, b string) bool {
	ra, err1 := filepath.EvalSymlinks(a)
	rb, err2 := filepath.EvalSymlinks(b)
	if err1 != nil || err2 != nil {
		return false
	}
	if ra == rb {
		return true
	}
	x, err1 := os.ReadFile(ra)
	y, err2 := os.ReadFile(rb)
	return err1 == nil && err2 == nil && bytes.Equal(x, y)
}

// kernel registers the GoNB kernel unless the registered one is already
// gonb with pathEnv and the quiet log flags. dataDir is Jupyter's data
// folder (`jupyter --data-dir`); the spec is dataDir/kernels/gonb.
func kernel(dataDir, gonb, pathEnv string) error {
	spec := filepath.Join(dataDir, "kernels", "gonb", "kernel.json")
	why := kernelCurrent(spec, gonb, pathEnv)
	if why == "" {
		fmt.Printf("==> GoNB kernel registered: %s\n", spec)
		return nil
	}
	fmt.Printf("==> registering the GoNB kernel (%s)\n", why)
	cmd := exec.Command(gonb, append([]string{"--install"}, kernelFlags...)...)
	cmd.Env = append(os.Environ(), "JUPYTER_DATA_DIR="+dataDir)
	var log bytes.Buffer
	cmd.Stdout, cmd.Stderr = &log, &log
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("gonb --install failed (%v):\n%s", err, log.String())
	}
	if err := kernelEnv(spec, pathEnv); err != nil {
		return err
	}
	if why := kernelCurrent(spec, gonb, pathEnv); why != "" {
		return fmt.Errorf("after gonb --install, %s: %s", spec, why)
	}
	fmt.Printf("    %s\n", spec)
	return nil
}

// freePort returns the first port from port on (50 tried) that can be
// listened on at ip, so make lab can tell Jupyter exactly which port to
// use and print the URL it will serve.
func freePort(ip string, port int) (int, error) {
	for p := port; p < port+50; p++ {
		l, err := net.Listen("tcp", net.JoinHostPort(ip, strconv.Itoa(p)))
		if err == nil {
			l.Close()
			return p, nil
		}
	}
	return 0, fmt.Errorf("no free port in %d..%d on %s", port, port+49, ip)
}

// warmImports lists the packages of the module a notebook can import
// (everything but internal/ and commands), for the probe to build once.
func warmImports(root string) ([]string, error) {
	cmd := exec.Command("go", "list", "-f", "{{if ne .Name \"main\"}}{{.ImportPath}}{{end}}", "./...")
	cmd.Dir = root
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("go list ./... in %s: %v", root, err)
	}
	var pkgs []string
	for _, p := range strings.Fields(string(out)) {
		if !strings.Contains(p, "/internal/") {
			pkgs = append(pkgs, p)
		}
	}
	return pkgs, nil
}
