"""A single-node Slurm on this machine for the --slurm test: munged as the munge user, slurmctld
and slurmd in the foreground as background processes, a slurm.conf for localhost in a
temporary folder (select/cons_tres over 2 CPUs so two array tasks run at once,
proctrack/linuxproc, task/none: no cgroups, no systemd). Stops exactly the daemons it started,
by their pid.

    with MiniSlurm(tmpdir) as s:     # raises Unavailable(reason) where the daemons cannot start
        env = s.env                  # SLURM_CONF for sbatch/squeue"""
import os, shutil, signal, socket, subprocess, time


class Unavailable(Exception):
    pass


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class MiniSlurm:
    def __init__(self, tmp, cpus=2):
        self.tmp, self.cpus = os.path.abspath(tmp), cpus
        self.procs = []
        self.sudo = [] if os.geteuid() == 0 else ["sudo", "-n"]

    def start(self, name, cmd, log):
        p = subprocess.Popen(self.sudo + cmd, stdout=open(log, "w"), stderr=subprocess.STDOUT, start_new_session=True)
        self.procs.append((name, p, log))
        return p

    def tail(self, log):
        try:
            return " | ".join(l.strip() for l in open(log).read().splitlines()[-3:])
        except OSError:
            return "no log"

    def __enter__(self):
        for tool in ("munged", "slurmctld", "slurmd", "sbatch", "squeue", "sinfo"):
            if not shutil.which(tool) and not os.path.exists("/usr/sbin/" + tool):
                raise Unavailable("%s is not installed (scripts/setup-sweep --slurm installs Slurm and munge)" % tool)
        if self.sudo and subprocess.run(["sudo", "-n", "true"], capture_output=True).returncode:
            raise Unavailable("not root and no password-less sudo: the daemons cannot start")
        try:
            self._up()
        except Unavailable:
            self.__exit__(None, None, None)
            raise
        return self

    def _up(self):
        t = self.tmp
        os.makedirs(t, exist_ok=True)
        # munge: the package made the key; the socket folder is ours to make
        if not os.path.exists("/etc/munge/munge.key"):
            raise Unavailable("no /etc/munge/munge.key (the munge package's postinst makes it)")
        sock = "/run/munge/munge.socket.2"
        if not self._munge_ok():
            subprocess.run(self.sudo + ["install", "-d", "-o", "munge", "-g", "munge", "-m", "0755", "/run/munge"], check=True)
            self.start("munged", ["runuser", "-u", "munge", "--", "/usr/sbin/munged", "--foreground", "--force"],
                       os.path.join(t, "munged.log"))
            for _ in range(50):
                if os.path.exists(sock) and self._munge_ok():
                    break
                time.sleep(0.1)
            else:
                raise Unavailable("munged did not start: %s" % self.tail(os.path.join(t, "munged.log")))
        host = socket.gethostname().split(".")[0]
        for d in ("state", "spool"):
            os.makedirs(os.path.join(t, d), exist_ok=True)
        conf = os.path.join(t, "slurm.conf")
        user = "root" if os.geteuid() == 0 else "root"
        open(conf, "w").write("\n".join([
            "ClusterName=karu64sweep",
            "SlurmctldHost=%s(127.0.0.1)" % host,
            "SlurmctldPort=%d" % free_port(), "SlurmdPort=%d" % free_port(),
            "SlurmUser=%s" % user, "SlurmdUser=root",
            "AuthType=auth/munge", "CryptoType=crypto/munge", "MpiDefault=none",
            "SelectType=select/cons_tres", "SelectTypeParameters=CR_CPU",
            "ProctrackType=proctrack/linuxproc", "TaskPlugin=task/none",
            "JobAcctGatherType=jobacct_gather/none", "AccountingStorageType=accounting_storage/none",
            "SchedulerType=sched/backfill", "ReturnToService=2", "MinJobAge=600",
            "StateSaveLocation=%s/state" % t, "SlurmdSpoolDir=%s/spool" % t,
            "SlurmctldPidFile=%s/slurmctld.pid" % t, "SlurmdPidFile=%s/slurmd.pid" % t,
            "SlurmctldLogFile=%s/slurmctld.log" % t, "SlurmdLogFile=%s/slurmd.log" % t,
            "SlurmctldDebug=info", "SlurmdDebug=info",
            "NodeName=%s NodeAddr=127.0.0.1 CPUs=%d State=UNKNOWN" % (host, self.cpus),
            "PartitionName=sweep Nodes=ALL Default=YES MaxTime=INFINITE State=UP", ""]))
        self.env = dict(os.environ, SLURM_CONF=conf)
        self.start("slurmctld", ["env", "SLURM_CONF=" + conf, "/usr/sbin/slurmctld", "-D", "-i", "-f", conf],
                   os.path.join(t, "slurmctld.out"))
        self.start("slurmd", ["env", "SLURM_CONF=" + conf, "/usr/sbin/slurmd", "-D", "-N", host, "-f", conf],
                   os.path.join(t, "slurmd.out"))
        for _ in range(150):          # up to 15 s for the node to be idle
            for name, p, log in self.procs:
                if p.poll() is not None:
                    raise Unavailable("%s exited (status %d): %s" % (name, p.returncode, self.tail(log)))
            r = subprocess.run(["sinfo", "-h", "-o", "%t"], capture_output=True, text=True, env=self.env)
            if r.stdout.strip() in ("idle", "mix"):
                return
            time.sleep(0.1)
        raise Unavailable("the node did not become idle: sinfo says %r; %s" % (r.stdout.strip() or r.stderr.strip(),
                                                                              self.tail(os.path.join(t, "slurmctld.log"))))

    def _munge_ok(self):
        if not shutil.which("munge"):
            return False
        r = subprocess.run("munge -n | unmunge", shell=True, capture_output=True)
        return r.returncode == 0

    def __exit__(self, *exc):
        for name, p, log in reversed(self.procs):
            if p.poll() is None:
                try:
                    os.killpg(p.pid, signal.SIGTERM)       # its own session: the daemon and its sudo/runuser
                except ProcessLookupError:
                    pass
                try:
                    p.wait(10)
                except subprocess.TimeoutExpired:
                    os.killpg(p.pid, signal.SIGKILL)
                    p.wait()
        self.procs = []
        return False
