// Command docket-kafka starts and stops a real Apache Kafka cluster on
// loopback for development (make kafka-up / make kafka-down): three KRaft
// nodes from the jars deploy/kafka/pom.xml pins, left running in the
// background, described by <dir>/cluster.json and <dir>/docket.env, with a
// SCRAM user a service (<dir>/users/<service>.env).
//
//	docket-kafka fetch
//	docket-kafka up [--dir .kafka] [--nodes 3]
//	docket-kafka down [--dir .kafka]
//	docket-kafka env [--dir .kafka]
package main

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"errors"
	"flag"
	"fmt"
	"log/slog"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"

	"github.com/docket-run/docket/pkg/events"
	"github.com/docket-run/docket/pkg/kafkacluster"
)

func main() {
	if err := run(os.Args[1:]); err != nil {
		fmt.Fprintln(os.Stderr, "docket-kafka:", err)
		os.Exit(1)
	}
}

func run(args []string) error {
	if len(args) == 0 {
		return errors.New("usage: docket-kafka fetch|up|down|env [--dir DIR]")
	}
	fs := flag.NewFlagSet(args[0], flag.ContinueOnError)
	dir := fs.String("dir", ".kafka", "the cluster's state folder")
	nodes := fs.Int("nodes", 3, "KRaft nodes (up)")
	if err := fs.Parse(args[1:]); err != nil {
		return err
	}
	abs, err := filepath.Abs(*dir)
	if err != nil {
		return err
	}
	switch args[0] {
	case "fetch":
		dir, err := kafkacluster.Jars(context.Background())
		if err != nil {
			return err
		}
		fmt.Println("kafka: jars in", dir)
		return nil
	case "up":
		if c, err := kafkacluster.Attach(abs); err == nil && c.Nodes[0].Pid() != 0 {
			return fmt.Errorf("a cluster already runs in %s (docket-kafka down first)", abs)
		}
		if err := os.RemoveAll(abs); err != nil {
			return err
		}
		ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
		defer stop()
		log := slog.New(slog.NewTextHandler(os.Stderr, nil))
		c, err := kafkacluster.Start(ctx, kafkacluster.Config{Dir: abs, Nodes: *nodes, Detach: true, Logger: log})
		if err != nil {
			return err
		}
		envFile := filepath.Join(abs, "docket.env")
		if err := os.WriteFile(envFile, []byte(env(c)), 0o600); err != nil {
			return err
		}
		// One SCRAM user a service, docket-<service>, the principals
		// `docket admin acls apply` grants (found from outside: no step
		// made them, and every service ran as the admin user).
		users, err := serviceUsers(ctx, c, abs)
		if err != nil {
			return err
		}
		fmt.Printf("kafka: %d nodes up; PLAINTEXT %s; SASL_SSL %s\n", len(c.Nodes),
			strings.Join(c.Bootstrap(), ","), strings.Join(c.SASLBootstrap(), ","))
		fmt.Printf("point Docket's admin commands at it (as the admin user): set -a; . %s; set +a\n", envFile)
		fmt.Printf("and each service, after them, at its own user: set -a; . %s; . %s; set +a\n", envFile, filepath.Join(abs, "users", "<service>.env"))
		fmt.Printf("users: %s\n", strings.Join(users, ", "))
		return nil
	case "down":
		c, err := kafkacluster.Attach(abs)
		if err != nil {
			return err
		}
		for _, n := range c.Nodes {
			if n.Pid() != 0 {
				if err := c.Stop(n.ID, 0); err != nil {
					return err
				}
			}
		}
		fmt.Println("kafka: stopped")
		return nil
	case "env":
		c, err := kafkacluster.Attach(abs)
		if err != nil {
			return err
		}
		fmt.Print(env(c))
		return nil
	}
	return fmt.Errorf("unknown command %q (fetch, up, down, env)", args[0])
}

// serviceUsers creates a SCRAM user docket-<service> with a random
// password for each service and writes <dir>/users/<service>.env, which
// overrides docket.env's admin user with it; it returns the users' names.
func serviceUsers(ctx context.Context, c *kafkacluster.Cluster, dir string) ([]string, error) {
	usersDir := filepath.Join(dir, "users")
	if err := os.MkdirAll(usersDir, 0o700); err != nil {
		return nil, err
	}
	users := map[string]string{}
	var names []string
	for _, svc := range events.Services() {
		b := make([]byte, 18)
		_, _ = rand.Read(b) // never fails (crypto/rand)
		name, pass := "docket-"+svc, base64.RawURLEncoding.EncodeToString(b)
		users[name] = pass
		names = append(names, name)
		f := "DOCKET_KAFKA_SASL_USERNAME=" + name + "\nDOCKET_KAFKA_SASL_PASSWORD=" + pass + "\n"
		if err := os.WriteFile(filepath.Join(usersDir, svc+".env"), []byte(f), 0o600); err != nil {
			return nil, err
		}
	}
	if err := c.UpsertUsers(ctx, users); err != nil {
		return nil, err
	}
	return names, nil
}

// env is the environment that points Docket's services at the cluster's
// SASL_SSL listener as its admin user.
func env(c *kafkacluster.Cluster) string {
	return strings.Join([]string{
		"DOCKET_KAFKA_BROKERS=" + strings.Join(c.SASLBootstrap(), ","),
		"DOCKET_KAFKA_TLS=true",
		"DOCKET_KAFKA_TLS_CA_FILE=" + c.CAFile,
		"DOCKET_KAFKA_SASL_MECHANISM=SCRAM-SHA-512",
		"DOCKET_KAFKA_SASL_USERNAME=" + c.AdminUser,
		"DOCKET_KAFKA_SASL_PASSWORD=" + c.AdminPassword,
		"",
	}, "\n")
}
