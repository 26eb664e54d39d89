// Package manifests holds no code of its own: its tests render every Helm
// chart under charts/ and validate the result offline against the typed
// Kubernetes API (see manifests_test.go).
package manifests
