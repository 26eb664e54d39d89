package kafkacluster

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
)

// PomPath is where the pinned broker version is declared, relative to the
// repository root.
const PomPath = "deploy/kafka/pom.xml"

var versionRE = regexp.MustCompile(`<kafka\.version>([^<]+)</kafka\.version>`)

// Jars returns a folder holding the broker's jars and their runtime
// dependencies. $DOCKET_KAFKA_JARS wins when set; otherwise the version
// pinned in deploy/kafka/pom.xml (found by walking up from the working
// directory) is fetched through Maven once into the user's cache folder
// and reused from there.
func Jars(ctx context.Context) (string, error) {
	if dir := os.Getenv("DOCKET_KAFKA_JARS"); dir != "" {
		return dir, checkJars(dir)
	}
	pom, err := findPom()
	if err != nil {
		return "", err
	}
	b, err := os.ReadFile(pom)
	if err != nil {
		return "", fmt.Errorf("kafkacluster: read %s: %w", pom, err)
	}
	m := versionRE.FindSubmatch(b)
	if m == nil {
		return "", fmt.Errorf("kafkacluster: %s declares no kafka.version", pom)
	}
	cache, err := os.UserCacheDir()
	if err != nil {
		return "", fmt.Errorf("kafkacluster: cache folder: %w", err)
	}
	dir := filepath.Join(cache, "docket", "kafka-"+string(m[1]))
	if checkJars(dir) == nil {
		return dir, nil
	}
	if err := os.MkdirAll(filepath.Dir(dir), 0o755); err != nil {
		return "", fmt.Errorf("kafkacluster: %w", err)
	}
	tmp, err := os.MkdirTemp(filepath.Dir(dir), ".fetch-*")
	if err != nil {
		return "", fmt.Errorf("kafkacluster: %w", err)
	}
	defer os.RemoveAll(tmp)
	cmd := exec.CommandContext(ctx, "mvn", "-q", "-B", "-f", pom,
		"dependency:copy-dependencies", "-DincludeScope=runtime", "-DoutputDirectory="+tmp)
	if out, err := cmd.CombinedOutput(); err != nil {
		return "", fmt.Errorf("kafkacluster: fetch Kafka %s with Maven: %w\n%s", m[1], err, out)
	}
	if err := checkJars(tmp); err != nil {
		return "", err
	}
	if err := os.Rename(tmp, dir); err != nil && checkJars(dir) != nil {
		return "", fmt.Errorf("kafkacluster: %w", err)
	}
	return dir, nil
}

// checkJars reports whether dir holds a broker (kafka_2.13-*.jar).
func checkJars(dir string) error {
	m, _ := filepath.Glob(filepath.Join(dir, "kafka_2.13-*.jar"))
	if len(m) == 0 {
		return fmt.Errorf("kafkacluster: no Kafka broker jar in %s", dir)
	}
	return nil
}

func findPom() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", fmt.Errorf("kafkacluster: %w", err)
	}
	for {
		p := filepath.Join(dir, filepath.FromSlash(PomPath))
		if _, err := os.Stat(p); err == nil {
			return p, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", errors.New("kafkacluster: " + PomPath + " not found above the working directory; set DOCKET_KAFKA_JARS")
		}
		dir = parent
	}
}

// java returns the java launcher: $JAVA_HOME/bin/java when set, else java
// on PATH.
func java() (string, error) {
	if h := os.Getenv("JAVA_HOME"); h != "" {
		return filepath.Join(h, "bin", "java"), nil
	}
	p, err := exec.LookPath("java")
	if err != nil {
		return "", errors.New("kafkacluster: java not found (install a JRE 17+ or set JAVA_HOME)")
	}
	return p, nil
}

// classpath is every jar in dir, as the JVM's wildcard.
func classpath(dir string) string { return strings.TrimSuffix(dir, "/") + "/*" }
