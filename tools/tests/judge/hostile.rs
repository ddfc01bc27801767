//! Hostile programs (issue 18): each probe runs the real judge on a real misbehaving program
//! (a small C program built here, or a shell line) and asserts the verdict, the judge's exit
//! code, that the judge ended (within a backstop of ten times what it takes alone) and that
//! no process is left. Probes of one theme run in parallel threads; those whose verdict is
//! not TLE have a time limit far above their need ([`UNHURRIED`]), so that a machine that
//! starves them cannot change it (issue 42).

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;
use std::thread;
use std::time::Duration;

use crate::support::judge::single_verdict;
use crate::support::{
    alone, backstop, have, judge_at, judge_in, none_left, scratch, Judge, Judged,
};

/// The time limit of a probe whose verdict is not TLE: its program needs milliseconds of CPU
/// time, and a busy machine gave one 3 ms by the default limit's 3 s wall backstop (TLE).
/// Under this one the wall backstop is 31 s.
pub(super) const UNHURRIED: [&str; 2] = ["--time-limit-ms", "15000"];

/// The probes' C programs, compiled once into one folder.
const SOURCES: &[(&str, &str)] = &[
    (
        // The child leaves the program's process group; the parent joins the child's.
        "leavegroup",
        "#include <unistd.h>\nint main(void){pid_t c=fork();if(c==0){setpgid(0,0);pause();return 0;}\
         while(setpgid(0,c)!=0)usleep(1000);pause();return 0;}\n",
    ),
    (
        "stopsup",
        "#include <unistd.h>\n#include <signal.h>\n#include <stdio.h>\n\
         int main(void){kill(getppid(),SIGSTOP);printf(\"1 2 3\\n\");sleep(30);return 0;}\n",
    ),
    (
        "killsup",
        "#include <unistd.h>\n#include <signal.h>\n#include <stdio.h>\n\
         int main(void){kill(getppid(),SIGKILL);sleep(30);printf(\"1 2 3\\n\");return 0;}\n",
    ),
    (
        // `sysvshm MIB COUNT [KEY]`: COUNT children each fill a System V segment of MIB MiB
        // (the first with key KEY, 4242 unless given), detach it and end; then it waits and
        // prints `gone`. With a segment of key KEY there already, it prints `left` instead.
        "sysvshm",
        "#include <sys/shm.h>\n#include <sys/wait.h>\n#include <stdio.h>\n#include <stdlib.h>\n\
         #include <string.h>\n#include <unistd.h>\nint main(int c,char**v){size_t n=(size_t)atoi(v[1])<<20;\
         int k=atoi(v[2]);key_t key=c>3?atoi(v[3]):4242;\
         if(shmget(key,0,0)>=0){printf(\"left\\n\");return 0;}\
         for(int i=0;i<k;i++){if(fork()==0){int id=shmget(i?IPC_PRIVATE:key,n,IPC_CREAT|0600);\
         if(id<0)_exit(1);char*p=shmat(id,0,0);if(p==(char*)-1)_exit(2);memset(p,7,n);shmdt(p);\
         _exit(0);}wait(0);}sleep(1);printf(\"gone\\n\");return 0;}\n",
    ),
    (
        // `memfd MIB`: writes MIB MiB into a memfd it never maps, then waits.
        "memfd",
        "#define _GNU_SOURCE\n#include <sys/mman.h>\n#include <stdlib.h>\n#include <string.h>\n\
         #include <unistd.h>\nint main(int c,char**v){int fd=memfd_create(\"x\",0);static char b[1<<20];\
         memset(b,7,sizeof b);for(int i=0;i<atoi(v[1]);i++)if(write(fd,b,sizeof b)<0)return 1;\
         sleep(1);return 0;}\n",
    ),
    (
        // `slowdeep`: recurses without end, slowly (a few thousand steps a frame), so that the
        // watcher sees its stack grow to the limit before the fault.
        "slowdeep",
        "volatile long sink;\nlong f(long d){volatile char pad[256];pad[0]=(char)d;\
         for(volatile int i=0;i<20000;i++)sink+=i;return f(d+1)+pad[0];}\n\
         int main(void){return (int)f(1);}\n",
    ),
    (
        // `spin MS`: burns MS ms of its own CPU time.
        "spin",
        "#include <stdlib.h>\n#include <time.h>\nstatic double now(void){struct timespec t;\
         clock_gettime(CLOCK_PROCESS_CPUTIME_ID,&t);return t.tv_sec+t.tv_nsec/1e9;}\n\
         int main(int c,char**v){double s=now(),ms=c>1?atof(v[1]):1e9;while((now()-s)*1000<ms);return 0;}\n",
    ),
    (
        // `grow MIB`: touches MIB MiB, then answers.
        "grow",
        "#include <stdlib.h>\n#include <stdio.h>\nint main(int c,char**v){size_t n=(size_t)atol(v[1])<<20;\
         char*p=malloc(n);for(size_t i=0;i<n;i+=4096)p[i]=1;printf(\"1 2 3\\n\");return 0;}\n",
    ),
    (
        // A child the program never waits for touches 1 GiB, says so through a pipe and
        // sleeps; the program answers once it has heard.
        "orphanmem",
        "#include <unistd.h>\n#include <stdlib.h>\n#include <stdio.h>\nint main(void){int fd[2];char b;\
         pipe(fd);if(fork()==0){size_t n=(size_t)1<<30;char*p=malloc(n);for(size_t i=0;i<n;i+=4096)\
         p[i]=1;write(fd[1],\"x\",1);pause();return 0;}read(fd[0],&b,1);printf(\"1 2 3\\n\");return 0;}\n",
    ),
    (
        // Two children burn 900 ms of CPU each; the program learns they are done through a
        // pipe and never waits for them.
        "twospin",
        "#include <unistd.h>\n#include <stdio.h>\n#include <time.h>\nstatic double now(void){\
         struct timespec t;clock_gettime(CLOCK_PROCESS_CPUTIME_ID,&t);return t.tv_sec+t.tv_nsec/1e9;}\n\
         int main(void){int fd[2];char b[2];pipe(fd);for(int i=0;i<2;i++)if(fork()==0){double s=now();\
         while(now()-s<0.9);write(fd[1],\"x\",1);return 0;}read(fd[0],b,1);read(fd[0],b+1,1);\
         printf(\"1 2 3\\n\");return 0;}\n",
    ),
    (
        // `taint` on stdin: leaves a child (in a session of its own, named bfs-leftover)
        // that has burned 200 ms of CPU and spins on, and changes what its supervisor hands
        // down (limits, nice value, affinity), its own environment and folder. `probe`:
        // prints what it inherited and how many bfs-leftover processes are alive.
        "taint",
        "#define _GNU_SOURCE\n#include <sched.h>\n#include <stdio.h>\n#include <stdlib.h>\n\
         #include <string.h>\n#include <dirent.h>\n#include <time.h>\n#include <unistd.h>\n\
         #include <sys/prctl.h>\n#include <sys/resource.h>\n\
         static double cpu(void){struct timespec t;clock_gettime(CLOCK_PROCESS_CPUTIME_ID,&t);\
         return t.tv_sec+t.tv_nsec/1e9;}\n\
         int main(void){char what[16]={0};if(scanf(\"%15s\",what)!=1)return 1;\
         if(!strcmp(what,\"taint\")){int fd[2];char b;if(pipe(fd))return 1;\
         if(fork()==0){setsid();prctl(PR_SET_NAME,\"bfs-leftover\");double s=cpu();\
         while(cpu()-s<0.2);if(write(fd[1],\"x\",1)){}for(;;);}\
         if(read(fd[0],&b,1)!=1)return 1;pid_t sup=getppid();struct rlimit r={64,64};\
         prlimit(sup,RLIMIT_NOFILE,&r,0);setpriority(PRIO_PROCESS,sup,10);cpu_set_t one;\
         CPU_ZERO(&one);CPU_SET(0,&one);sched_setaffinity(sup,sizeof one,&one);\
         setenv(\"BFS_TAINT\",\"1\",1);if(chdir(\"/\")){}puts(\"tainted\");return 0;}\
         for(int i=0;i<16;i++){struct rlimit r;if(i==RLIMIT_CPU||getrlimit(i,&r))continue;\
         printf(\"limit %d %llu %llu\\n\",i,(unsigned long long)r.rlim_cur,\
         (unsigned long long)r.rlim_max);}\
         printf(\"nice %d\\n\",getpriority(PRIO_PROCESS,0));cpu_set_t set;\
         sched_getaffinity(0,sizeof set,&set);printf(\"cpus %d\\n\",CPU_COUNT(&set));\
         char cwd[4096];printf(\"cwd %s\\n\",getcwd(cwd,sizeof cwd)?cwd:\"?\");\
         printf(\"env %s\\n\",getenv(\"BFS_TAINT\")?\"tainted\":\"clean\");int left=0;\
         DIR*d=opendir(\"/proc\");struct dirent*e;while(d&&(e=readdir(d))){char p[300],\
         c[64]={0};snprintf(p,sizeof p,\"/proc/%s/comm\",e->d_name);FILE*f=fopen(p,\"r\");\
         if(f){if(fgets(c,sizeof c,f)&&!strncmp(c,\"bfs-leftover\",12))left++;fclose(f);}}\
         printf(\"left %d\\n\",left);return 0;}\n",
    ),
    (
        // `sumgrow N MIB`: N children touch MIB MiB each and hold it; the program answers
        // once all have said so, while they still hold it. Only together do they pass a
        // limit that each of them stays under.
        "sumgrow",
        "#include <unistd.h>\n#include <stdlib.h>\n#include <stdio.h>\nint main(int c,char**v){\
         int n=atoi(v[1]);size_t m=(size_t)atol(v[2])<<20;int fd[2];char b;if(pipe(fd))return 1;\
         for(int i=0;i<n;i++)if(fork()==0){char*p=malloc(m);for(size_t k=0;k<m;k+=4096)p[k]=1;\
         if(write(fd[1],\"x\",1)){}pause();return 0;}for(int i=0;i<n;i++)if(read(fd[0],&b,1)!=1)\
         return 1;usleep(300000);printf(\"1 2 3\\n\");return 0;}\n",
    ),
    (
        // `late cpu|mem`: sleeps 500 ms (a hundred polls of the tree), then starts a child that
        // spins for ever, or touches 1 GiB and holds it, and waits for it.
        "late",
        "#include <unistd.h>\n#include <stdlib.h>\n#include <string.h>\n#include <sys/wait.h>\n\
         int main(int c,char**v){usleep(500000);if(fork()==0){if(!strcmp(v[1],\"cpu\"))for(;;);\
         size_t n=(size_t)1<<30;char*p=malloc(n);for(size_t k=0;k<n;k+=4096)p[k]=1;pause();}\
         wait(0);return 0;}\n",
    ),
    (
        // `vandal TESTS`: damages the tests folder and the working folder, then answers.
        "vandal",
        "#include <stdio.h>\n#include <stdlib.h>\n#include <unistd.h>\nint main(int c,char**v){\
         char p[4096];snprintf(p,sizeof p,\"%s/one.out\",v[1]);FILE*f=fopen(p,\"w\");\
         if(f){fputs(\"42\\n\",f);fclose(f);}snprintf(p,sizeof p,\"%s/one.in\",v[1]);unlink(p);\
         FILE*g=fopen(\"planted\",\"w\");if(g)fclose(g);printf(\"1 2 3\\n\");return 0;}\n",
    ),
    (
        // Sends SIGSTOP to every process it can see whose command line names bfs-judge.
        "stopjudge",
        "#include <stdio.h>\n#include <string.h>\n#include <stdlib.h>\n#include <dirent.h>\n\
         #include <signal.h>\n#include <unistd.h>\nint main(void){DIR*d=opendir(\"/proc\");\
         struct dirent*e;while(d&&(e=readdir(d))){int pid=atoi(e->d_name);if(pid<=0||pid==getpid())\
         continue;char p[300],c[4096]={0};snprintf(p,sizeof p,\"/proc/%d/cmdline\",pid);\
         FILE*f=fopen(p,\"r\");if(!f)continue;size_t n=fread(c,1,sizeof c-1,f);fclose(f);\
         for(size_t i=0;i<n;i++)if(!c[i])c[i]=' ';if(strstr(c,\"bfs-judge\"))kill(pid,SIGSTOP);}\
         printf(\"1 2 3\\n\");return 0;}\n",
    ),
    (
        // `r` on stdin: lowers the stack, file-size, address-space and open-file limits and
        // the priority of every process it can see whose command line names bfs-judge;
        // else recurses 100,000 frames deep (about 30 MiB of stack). Both print `1 2 3`.
        "relimit",
        "#define _GNU_SOURCE\n#include <stdio.h>\n#include <string.h>\n#include <stdlib.h>\n\
         #include <dirent.h>\n#include <unistd.h>\n#include <sys/resource.h>\n\
         long deep(long d){volatile char pad[256];pad[0]=(char)d;return d?deep(d-1)+pad[0]:0;}\n\
         static int lower(int pid,int res,rlim_t soft){struct rlimit o;if(prlimit(pid,res,NULL,&o))return 0;\
         struct rlimit n={soft<o.rlim_max?soft:o.rlim_max,o.rlim_max};return prlimit(pid,res,&n,NULL)==0;}\n\
         int main(void){char w[8]={0};if(scanf(\"%7s\",w)==1&&w[0]=='r'){DIR*d=opendir(\"/proc\");\
         struct dirent*e;while(d&&(e=readdir(d))){int pid=atoi(e->d_name);if(pid<=0||pid==getpid())\
         continue;char p[300],c[4096]={0};snprintf(p,sizeof p,\"/proc/%d/cmdline\",pid);\
         FILE*f=fopen(p,\"r\");if(!f)continue;size_t n=fread(c,1,sizeof c-1,f);fclose(f);\
         for(size_t i=0;i<n;i++){if(!c[i])c[i]=' ';}if(!strstr(c,\"bfs-judge\"))continue;\
         lower(pid,RLIMIT_STACK,1<<18);lower(pid,RLIMIT_FSIZE,0);lower(pid,RLIMIT_AS,64<<20);\
         lower(pid,RLIMIT_NOFILE,8);setpriority(PRIO_PROCESS,pid,19);}printf(\"1 2 3\\n\");return 0;}\
         volatile long r=deep(100000);(void)r;printf(\"1 2 3\\n\");return 0;}\n",
    ),
    (
        // `nomech PROGRAM ARGS...`: runs PROGRAM on a kernel, as far as it can tell, with
        // neither unprivileged namespaces nor Landlock: a seccomp filter of its own fails
        // unshare with EPERM (as Ubuntu's AppArmor rule or a container does) and
        // landlock_create_ruleset with ENOSYS (a kernel built without it). x86_64 numbers.
        "nomech",
        "#include <linux/filter.h>\n#include <linux/seccomp.h>\n#include <linux/audit.h>\n\
         #include <sys/prctl.h>\n#include <sys/syscall.h>\n#include <stddef.h>\n#include <errno.h>\n\
         #include <unistd.h>\nint main(int c,char**v){(void)c;struct sock_filter f[]={\
         BPF_STMT(BPF_LD|BPF_W|BPF_ABS,offsetof(struct seccomp_data,arch)),\
         BPF_JUMP(BPF_JMP|BPF_JEQ|BPF_K,AUDIT_ARCH_X86_64,1,0),BPF_STMT(BPF_RET|BPF_K,SECCOMP_RET_KILL),\
         BPF_STMT(BPF_LD|BPF_W|BPF_ABS,offsetof(struct seccomp_data,nr)),\
         BPF_JUMP(BPF_JMP|BPF_JEQ|BPF_K,SYS_unshare,0,1),BPF_STMT(BPF_RET|BPF_K,SECCOMP_RET_ERRNO|EPERM),\
         BPF_JUMP(BPF_JMP|BPF_JEQ|BPF_K,444,0,1),BPF_STMT(BPF_RET|BPF_K,SECCOMP_RET_ERRNO|ENOSYS),\
         BPF_STMT(BPF_RET|BPF_K,SECCOMP_RET_ALLOW)};struct sock_fprog p={sizeof f/sizeof f[0],f};\
         if(prctl(PR_SET_NO_NEW_PRIVS,1,0,0,0)||prctl(PR_SET_SECCOMP,SECCOMP_MODE_FILTER,&p))return 125;\
         execv(v[1],v+1);return 126;}\n",
    ),
    (
        // `t`, `i` or `h` on stdin: SIGTERM, SIGINT or SIGHUP to its parent (the supervisor),
        // then sleeps; else answers.
        "sigsup",
        "#include <stdio.h>\n#include <signal.h>\n#include <unistd.h>\nint main(void){char w[8]={0};\
         if(scanf(\"%7s\",w)==1&&w[0]!='x'){kill(getppid(),w[0]=='t'?SIGTERM:w[0]=='i'?SIGINT:SIGHUP);\
         sleep(30);}printf(\"1 2 3\\n\");return 0;}\n",
    ),
    (
        // Prints what of the judge's environment reached it and where HOME is writable.
        "envsee",
        "#include <stdio.h>\n#include <stdlib.h>\nint main(void){const char*u=getenv(\"PYTHONUNBUFFERED\");\
         const char*x=getenv(\"BFS_EXTRA\");char p[4096];snprintf(p,sizeof p,\"%s/w\",getenv(\"HOME\"));\
         FILE*f=fopen(p,\"w\");printf(\"%s %s %s %s\\n\",u?\"leaked\":\"clean\",x?x:\"-\",\
         f?\"home-writable\":\"home-not-writable\",getenv(\"LC_ALL\"));return 0;}\n",
    ),
    (
        // A recursive DFS a million frames deep (~100 MiB of stack), then the answer.
        "deep",
        "#include <stdio.h>\nstatic int f(int n){volatile char b[64];b[0]=(char)n;return n?f(n-1)+b[0]%2:0;}\n\
         int main(void){printf(\"%d\\n\",f(1000000)>=0?123:0);return 0;}\n",
    ),
    (
        // `tcp PORT`: answers only if it cannot connect to 127.0.0.1:PORT.
        "tcp",
        "#include <stdio.h>\n#include <stdlib.h>\n#include <string.h>\n#include <unistd.h>\n\
         #include <arpa/inet.h>\n#include <sys/socket.h>\nint main(int c,char**v){int s=socket(AF_INET,SOCK_STREAM,0);\
         struct sockaddr_in a;memset(&a,0,sizeof a);a.sin_family=AF_INET;a.sin_port=htons(atoi(v[1]));\
         a.sin_addr.s_addr=htonl(0x7f000001);if(s>=0&&connect(s,(void*)&a,sizeof a)==0){puts(\"connected\");\
         return 0;}printf(\"1 2 3\\n\");return 0;}\n",
    ),
    (
        // Answers only if it has no terminal and leads a session of its own.
        "notty",
        "#include <stdio.h>\n#include <fcntl.h>\n#include <unistd.h>\nint main(void){int t=open(\"/dev/tty\",O_RDWR);\
         if(t>=0||getsid(0)!=getpid()){puts(\"terminal\");return 0;}printf(\"1 2 3\\n\");return 0;}\n",
    ),
    (
        // Writes up to 1 GiB into /dev/shm/bfs-shm-probe (or the file it is given: probes
        // that reach the machine's /dev/shm must not meet), never mapped, answers, lingers.
        "shm",
        "#include <stdio.h>\n#include <string.h>\n#include <unistd.h>\nint main(int c,char**v){static char b[1<<20];\
         memset(b,7,sizeof b);FILE*f=fopen(c>1?v[1]:\"/dev/shm/bfs-shm-probe\",\"w\");for(int i=0;f&&i<1024;i++)\
         if(fwrite(b,1,sizeof b,f)!=sizeof b||fflush(f))break;printf(\"1 2 3\\n\");fflush(stdout);\
         usleep(300000);return 0;}\n",
    ),
    (
        // Ignores SIGCHLD (its children are reaped by the kernel, unseen by wait4) and has
        // three children burn 700 ms of CPU each; answers when they are done.
        "autoreap",
        "#include <stdio.h>\n#include <signal.h>\n#include <unistd.h>\n#include <time.h>\n\
         static double now(void){struct timespec t;clock_gettime(CLOCK_PROCESS_CPUTIME_ID,&t);\
         return t.tv_sec+t.tv_nsec/1e9;}\nint main(void){int fd[2];char b;signal(SIGCHLD,SIG_IGN);\
         if(pipe(fd))return 1;for(int i=0;i<3;i++)if(fork()==0){double s=now();while(now()-s<0.7);\
         if(write(fd[1],\"x\",1)){}return 0;}for(int i=0;i<3;i++)if(read(fd[0],&b,1)!=1)return 1;\
         usleep(100000);printf(\"1 2 3\\n\");return 0;}\n",
    ),
    (
        // Writes a report of an accepted run into every pipe of every bfs-judge process it
        // can open through /proc, then spins.
        "forge",
        "#include <stdio.h>\n#include <string.h>\n#include <stdlib.h>\n#include <dirent.h>\n\
         #include <fcntl.h>\n#include <unistd.h>\nint main(void){const char*r=\"ran status=code:0 cpu_us=1000 \
         wall_us=1000 peak_kib=100 killed=none stdout_bytes=6 stderr_bytes=0\\n\";DIR*d=opendir(\"/proc\");\
         struct dirent*e;while(d&&(e=readdir(d))){int pid=atoi(e->d_name);if(pid<=0||pid==getpid())continue;\
         char p[300],c[4096]={0};snprintf(p,sizeof p,\"/proc/%d/cmdline\",pid);FILE*f=fopen(p,\"r\");\
         if(!f)continue;size_t n=fread(c,1,sizeof c-1,f);fclose(f);for(size_t i=0;i<n;i++)if(!c[i])c[i]=' ';\
         if(!strstr(c,\"bfs-judge\"))continue;for(int fd=0;fd<64;fd++){char l[300],t[300]={0};\
         snprintf(l,sizeof l,\"/proc/%d/fd/%d\",pid,fd);if(readlink(l,t,sizeof t-1)<0||strncmp(t,\"pipe:\",5))\
         continue;int w=open(l,O_WRONLY|O_NONBLOCK);if(w>=0){if(write(w,r,strlen(r))){}close(w);}}}\
         for(;;);}\n",
    ),
    (
        // Forks up to 1,000 children that sleep (under the process limit of 1024, whoever
        // counts it), then spins.
        "sleepers",
        "#include <unistd.h>\nint main(void){for(int i=0;i<1000;i++){pid_t p=fork();if(p==0){pause();return 0;}\
         if(p<0)break;}for(;;);}\n",
    ),
    (
        // Forks children that sleep until fork fails (EAGAIN at the process limit), then
        // exits 1 (`exit`) or keeps trying (`retry`).
        "forkbomb",
        "#include <stdio.h>\n#include <string.h>\n#include <unistd.h>\n\
         int main(int c,char**v){int retry=c>1&&!strcmp(v[1],\"retry\");for(;;){pid_t p=fork();\
         if(p==0){pause();return 0;}if(p<0){if(retry)continue;perror(\"fork\");return 1;}}}\n",
    ),
    (
        // Issue 40: the caller's descriptors. Through descriptor 9 (a folder: the probe's
        // own, which holds p/tests) it reads the answer, or steps out of its root and leaves
        // a file there; through 7 (the caller's log, for appending) it writes. It prints what
        // worked, or the answer `1 2 3` when nothing did.
        "fdpeek",
        "#include <stdio.h>\n#include <fcntl.h>\n#include <unistd.h>\n\
         int main(void){int any=0;char b[64]={0};int f=openat(9,\"p/tests/one.out\",O_RDONLY);\
         if(f>=0&&read(f,b,63)>0){printf(\"read \");any=1;}\
         if(fchdir(9)==0){for(int i=0;i<40;i++)if(chdir(\"..\"))break;\
         if(fchdir(9)==0&&open(\"fd-escaped\",O_CREAT|O_WRONLY,0600)>=0){printf(\"escaped \");any=1;}}\
         if(write(7,\"pwned\\n\",6)==6){printf(\"wrote \");any=1;}\
         printf(any?\"\\n\":\"1 2 3\\n\");return 0;}\n",
    ),
    (
        // Issue 40: what Landlock's rules do not see. Each attempt that works is named;
        // the answer `1 2 3` when none does. argv[1]: a file of the tests' folder; argv[2]: a
        // folder of the user's.
        "kernelreach",
        "#define _GNU_SOURCE\n#include <stdio.h>\n#include <stdlib.h>\n#include <string.h>\n\
         #include <unistd.h>\n#include <fcntl.h>\n#include <mqueue.h>\n#include <sys/stat.h>\n\
         #include <sys/time.h>\n#include <sys/xattr.h>\n#include <sys/socket.h>\n\
         #include <sys/sysmacros.h>\n#include <netinet/in.h>\n#include <arpa/inet.h>\n\
         #include <sys/msg.h>\n#include <sys/syscall.h>\n\
         int any;void say(const char*w){printf(\"%s \",w);any=1;}\
         int main(int c,char**v){char line[256];FILE*st=fopen(\"/proc/self/status\",\"r\");\
         while(st&&fgets(line,sizeof line,st))if(!strncmp(line,\"CapEff:\",7)&&strtoull(line+7,0,16))say(\"caps\");\
         if(sethostname(\"pwned\",5)==0)say(\"hostname\");\
         if(socket(AF_INET,SOCK_RAW,IPPROTO_ICMP)>=0)say(\"raw\");\
         int u=socket(AF_INET,SOCK_DGRAM,0);struct sockaddr_in a={0};a.sin_family=AF_INET;\
         a.sin_port=htons(9);a.sin_addr.s_addr=htonl(INADDR_LOOPBACK);\
         if(u>=0&&sendto(u,\"x\",1,0,(struct sockaddr*)&a,sizeof a)==1)say(\"udp\");\
         char node[512];snprintf(node,sizeof node,\"%s/disk\",getenv(\"HOME\"));\
         if(mknod(node,S_IFBLK|0600,makedev(8,0))==0)say(\"mknod\");\
         if(chmod(v[1],0777)==0)say(\"chmod\");\
         if(chown(v[1],getuid(),getgid())==0)say(\"chown\");\
         if(utimes(v[1],0)==0)say(\"utimes\");\
         if(setxattr(v[1],\"user.bfs\",\"1\",1,0)==0)say(\"xattr\");\
         if(setxattr(v[2],\"user.bfs\",\"1\",1,0)==0)say(\"xattr-folder\");\
         if(syscall(SYS_add_key,\"user\",\"bfs-probe\",\"x\",1,-4)>=0)say(\"key\");\
         printf(any?\"\\n\":\"1 2 3\\n\");return 0;}\n",
    ),
    (
        // Issue 40: state that outlives a process. `leftover` reads `make` or `look` on stdin:
        // `make` leaves a key in the user's keyring, a System V message queue and a POSIX
        // message queue (each may fail) and answers `1 2 3`; `look` answers `1 2 3` unless it
        // finds one of them, which it names; `clean` removes them (run by the test itself).
        "leftover",
        "#include <stdio.h>\n#include <string.h>\n#include <fcntl.h>\n#include <mqueue.h>\n\
         #include <unistd.h>\n#include <sys/msg.h>\n#include <sys/syscall.h>\n\
         int main(void){char w[16]={0};if(scanf(\"%15s\",w)!=1)return 2;\
         if(!strcmp(w,\"make\")){syscall(SYS_add_key,\"user\",\"bfs-leftover\",\"x\",1,-4);\
         msgget(4343,IPC_CREAT|0600);mq_open(\"/bfs-leftover\",O_CREAT|O_RDWR,0600,0);\
         printf(\"1 2 3\\n\");return 0;}\
         if(!strcmp(w,\"clean\")){long k=syscall(SYS_keyctl,10,-4,\"user\",\"bfs-leftover\",0);\
         if(k>=0)syscall(SYS_keyctl,9,k,-4);int q=msgget(4343,0);if(q>=0)msgctl(q,IPC_RMID,0);\
         mq_unlink(\"/bfs-leftover\");return 0;}\
         int any=0;if(syscall(SYS_keyctl,10,-4,\"user\",\"bfs-leftover\",0)>=0){printf(\"key \");any=1;}\
         if(msgget(4343,0)>=0){printf(\"msgq \");any=1;}\
         if(mq_open(\"/bfs-leftover\",O_RDWR)!=(mqd_t)-1){printf(\"mq \");any=1;}\
         printf(any?\"\\n\":\"1 2 3\\n\");return 0;}\n",
    ),
    (
        // Issue 40: `disk MIB` writes MIB MiB into its HOME (its private folder, on the disk
        // under Landlock), a MiB at a time, then waits 2 s and answers.
        "disk",
        "#include <stdio.h>\n#include <stdlib.h>\n#include <unistd.h>\n\
         int main(int c,char**v){char p[512];snprintf(p,sizeof p,\"%s/big\",getenv(\"HOME\"));\
         FILE*f=fopen(p,\"w\");static char mib[1<<20];for(int i=0;f&&i<atoi(v[1]);i++){\
         for(int j=0;j<(1<<20);j+=4096)mib[j]=(char)i;if(fwrite(mib,1,sizeof mib,f)!=sizeof mib)break;fflush(f);}\
         sleep(2);printf(\"1 2 3\\n\");return 0;}\n",
    ),
];

/// The folder of the compiled probes.
fn programs() -> &'static Path {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| compile("hostile-programs", SOURCES))
}

/// A scratch folder `name` holding each of `sources` (name, C source) compiled.
pub(super) fn compile(name: &str, sources: &[(&str, &str)]) -> PathBuf {
    let dir = scratch(name);
    for (name, source) in sources {
        let src = dir.join(format!("{name}.c"));
        std::fs::write(&src, source).unwrap();
        let ok = Command::new("cc")
            .args(["-O2", "-o"])
            .arg(dir.join(name))
            .arg(&src)
            .status()
            .expect("cc (the C compiler Rust links with) is needed for these probes");
        assert!(ok.success(), "compiling {name}.c failed");
    }
    dir
}

/// `{P}` in a command: the probe's own folder, which holds a copy of every program, so that
/// the processes a probe leaves are told from those of the probes running beside it.
fn with_programs(dir: &Path, cmd: &str) -> String {
    copy_programs(programs(), SOURCES, dir);
    cmd.replace("{P}", &dir.display().to_string())
}

/// Copies each program of `sources`, compiled in `from`, into `dir`.
pub(super) fn copy_programs(from: &Path, sources: &[(&str, &str)], dir: &Path) {
    for (name, _) in sources {
        std::fs::copy(from.join(name), dir.join(name)).unwrap();
    }
}

/// The `.got` file of case `case` somewhere under `out`, read.
fn find_got(out: &Path, case: &str) -> Option<Vec<u8>> {
    let name = format!("{case}.got");
    for e in std::fs::read_dir(out).ok()?.flatten() {
        let p = e.path();
        if p.is_dir() {
            if let Some(got) = find_got(&p, case) {
                return Some(got);
            }
        } else if p.file_name().is_some_and(|n| n == name.as_str()) {
            return std::fs::read(p).ok();
        }
    }
    None
}

/// Every file under `dir` with its bytes, for "byte-identical afterwards".
fn snapshot(dir: &Path) -> Vec<(PathBuf, Vec<u8>)> {
    let mut all = Vec::new();
    if let Ok(entries) = std::fs::read_dir(dir) {
        for e in entries.flatten() {
            let p = e.path();
            if p.is_dir() {
                all.extend(snapshot(&p));
            } else {
                all.push((p.clone(), std::fs::read(&p).unwrap_or_default()));
            }
        }
    }
    all.sort();
    all
}

/// A folder of tests `DIR/NAME/tests` with one case, `1 2 3` in and out (and `info` as its
/// info.toml when given); returns the tests folder.
pub(super) fn tests_folder(dir: &Path, name: &str, info: Option<&str>) -> PathBuf {
    let tests = dir.join(name).join("tests");
    std::fs::create_dir_all(&tests).unwrap();
    std::fs::write(tests.join("one.in"), "1 2 3\n").unwrap();
    std::fs::write(tests.join("one.out"), "1 2 3\n").unwrap();
    if let Some(info) = info {
        std::fs::write(dir.join(name).join("info.toml"), info).unwrap();
    }
    tests
}

/// A probe's outcome: the judge's run and the scratch folder.
pub(super) struct Probe {
    pub(super) j: Judged,
    dir: PathBuf,
}

/// Judges `cmd` on a one-case folder of tests with `extra` options.
fn probe(name: &str, cmd: &str, extra: &[&str]) -> Probe {
    let dir = scratch(name);
    let tests = tests_folder(&dir, "p", None);
    let tests = tests.display().to_string();
    let cmd = with_programs(&dir, cmd);
    let mut args = vec!["--tests", &tests, "--cmd", &cmd];
    args.extend_from_slice(extra);
    run(dir, &args)
}

/// Judges `cmd` one case at a time under `isolation` and a time limit of `time_limit_ms` on a
/// folder of cases `1`, `2`, ... whose inputs are `inputs` (a line each) and whose answers are
/// all `1 2 3`; returns the probe and the verdicts in order, or why not: the tests folder
/// must be byte-identical afterwards.
fn probe_cases(
    name: &str,
    cmd: &str,
    inputs: &[&str],
    isolation: &str,
    time_limit_ms: &str,
) -> Result<(Probe, Vec<String>), String> {
    let dir = scratch(name);
    let tests = dir.join("p/tests");
    std::fs::create_dir_all(&tests).unwrap();
    for (n, input) in inputs.iter().enumerate() {
        let case = n + 1;
        std::fs::write(tests.join(format!("{case}.in")), format!("{input}\n")).unwrap();
        std::fs::write(tests.join(format!("{case}.out")), "1 2 3\n").unwrap();
    }
    let before = snapshot(&tests);
    let cmd = with_programs(&dir, cmd);
    let t = tests.display().to_string();
    let args = [
        "--tests",
        &t,
        "--cmd",
        &cmd,
        "-j",
        "1",
        "--isolation",
        isolation,
        "--time-limit-ms",
        time_limit_ms,
    ];
    let p = run(dir, &args);
    if snapshot(&tests) != before {
        return Err(format!("{isolation}: the tests folder changed\n{}", p.j));
    }
    let verdicts = p.j.verdicts().into_iter().map(|(v, _)| v).collect();
    Ok((p, verdicts))
}

pub(super) fn run(dir: PathBuf, args: &[&str]) -> Probe {
    let j = judge_in(&dir.join("out"), args, None);
    Probe { j, dir }
}

impl Probe {
    /// Checks the verdict of the one case, the judge's exit code, that it ended within the
    /// [`backstop`] of what it takes `alone` (on an idle machine), and that nothing the
    /// probe's programs started is alive.
    pub(super) fn expect(&self, verdict: &str, code: i32, alone: Duration) -> Result<(), String> {
        let j = &self.j;
        let verdicts = j.verdicts();
        if verdicts.len() != 1 || verdicts[0].0 != verdict {
            return Err(format!("expected {verdict}\n{j}"));
        }
        self.code_time_left(code, alone)
    }

    fn code_time_left(&self, code: i32, alone: Duration) -> Result<(), String> {
        let j = &self.j;
        if j.code != Some(code) {
            return Err(format!("expected exit code {code}\n{j}"));
        }
        if j.took > backstop(alone) {
            return Err(format!(
                "the judge took {:?}, past the backstop of {:?} ({alone:?} alone)\n{j}",
                j.took,
                backstop(alone)
            ));
        }
        // The probe's own folder is in the command line of everything its run started.
        none_left(&format!("{}/", self.dir.display()))
            .map_err(|left| format!("processes left: {left:?}\n{j}"))
    }

    fn has(&self, text: &str) -> Result<(), String> {
        if self.j.stdout.contains(text) || self.j.stderr.contains(text) {
            Ok(())
        } else {
            Err(format!("no `{text}`\n{}", self.j))
        }
    }

    /// A figure of the case line: `ms cpu` (1) or `MiB` (7).
    pub(super) fn figure(&self, at: usize) -> f64 {
        let line = self.j.case_lines().next().unwrap_or("");
        line.split_whitespace()
            .nth(at)
            .and_then(|f| f.parse().ok())
            .unwrap_or(-1.0)
    }
}

/// Runs the probes in parallel and fails with every failure, named.
pub(super) fn all(probes: Vec<(&'static str, Check)>) {
    let failures: Vec<String> = thread::scope(|s| {
        let handles: Vec<_> = probes
            .into_iter()
            .map(|(name, f)| (name, s.spawn(f)))
            .collect();
        handles
            .into_iter()
            .filter_map(|(name, h)| match h.join() {
                Ok(Ok(())) => None,
                Ok(Err(e)) => Some(format!("--- probe {name}: {e}")),
                Err(_) => Some(format!("--- probe {name} panicked")),
            })
            .collect()
    });
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

pub(super) type Check = Box<dyn FnOnce() -> Result<(), String> + Send>;

pub(super) fn check(f: impl FnOnce() -> Result<(), String> + Send + 'static) -> Check {
    Box::new(f)
}

#[test]
fn nothing_a_program_does_hangs_the_judge() {
    programs();
    let secs = Duration::from_secs;
    all(vec![
        (
            "leaves its process group",
            check(move || {
                let p = probe("leave-group", "{P}/leavegroup", &["--time-limit-ms", "300"]);
                p.expect("TLE", 1, secs(2))?;
                p.has("wall-clock backstop")
            }),
        ),
        (
            "stops its supervisor",
            check(move || {
                // Without isolation the judge notices the stopped supervisor and says so, at
                // the wall backstop (11 s: time enough for a starved program to stop it).
                let p = probe(
                    "stop-sup",
                    "{P}/stopsup",
                    &["--time-limit-ms", "5000", "--isolation", "none"],
                );
                p.expect("RE", 1, secs(12))?;
                p.has("the program stopped its supervisor (SIGSTOP)")?;
                // In a PID namespace the supervisor is its init: the kernel drops a SIGSTOP
                // from inside, and the program is judged on what it does (it sleeps).
                let p = probe("stop-sup-ns", "{P}/stopsup", &["--time-limit-ms", "300"]);
                p.expect("TLE", 1, secs(2))?;
                p.has("sleeping or waiting for input?")
            }),
        ),
        (
            "kills its supervisor",
            check(move || {
                let p = probe(
                    "kill-sup",
                    "{P}/killsup",
                    &[&UNHURRIED[..], &["--isolation", "none"]].concat(),
                );
                p.expect("RE", 1, secs(1))?;
                p.has("the program signalled its supervisor (SIGKILL (signal 9))")?;
                let p = probe("kill-sup-ns", "{P}/killsup", &["--time-limit-ms", "300"]);
                p.expect("TLE", 1, secs(2))
            }),
        ),
        (
            "a FIFO named f.in",
            check(move || {
                let dir = scratch("fifo");
                let tests = tests_folder(&dir, "p", None);
                let ok = Command::new("mkfifo").arg(tests.join("f.in")).status();
                assert!(ok.is_ok_and(|s| s.success()), "mkfifo failed");
                std::fs::write(tests.join("f.out"), "1 2 3\n").unwrap();
                let t = tests.display().to_string();
                let p = run(dir, &["--tests", &t, "--cmd", "cat"]);
                p.code_time_left(2, secs(1))?;
                p.has("f.in: not a regular file (a FIFO)")
            }),
        ),
    ]);
}

#[test]
fn limits_count_the_whole_process_tree() {
    programs();
    // The judge's own time is bounded only against hanging: backstops end every probe in a
    // few seconds alone, and a loaded machine (a load average of 16 made this flake) may take
    // several times that to start and judge them.
    let alone = Duration::from_secs(4);
    all(vec![
        (
            "memory inside a shell line",
            check(move || {
                let p = probe(
                    "tree-memory",
                    "{P}/grow 1024; echo done",
                    // A time limit far past what touching 256 MiB takes: on a loaded machine
                    // the wall backstop of the default limit came first (TLE, not MLE).
                    &["--memory-limit-mib", "256", "--time-limit-ms", "15000"],
                );
                p.expect("MLE", 1, alone)?;
                // Killed while it grew (a look saw the tree past the limit), not judged by its
                // peak once it had touched all 1024 MiB: the peak is at least the limit and
                // below what it would have reached, however late a busy machine's look came.
                p.has("killed at ")?;
                let peak = p.figure(7);
                if !(256.0..1024.0).contains(&peak) {
                    return Err(format!("peak {peak} MiB\n{}", p.j));
                }
                Ok(())
            }),
        ),
        (
            "CPU inside a shell line",
            check(move || {
                let p = probe(
                    "tree-cpu",
                    "{P}/spin 5000; echo 1 2 3",
                    &["--time-limit-ms", "300"],
                );
                p.expect("TLE", 1, alone)?;
                // Killed past 300 ms of CPU time, or on a loaded machine at the wall backstop
                // with what it got by then: either way ten times the shell's own 1 ms.
                let cpu = p.figure(1);
                let by_cpu = p.j.stdout.contains("ms of CPU time (limit 300 ms)");
                if (by_cpu && cpu < 300.0) || cpu < 10.0 {
                    return Err(format!(
                        "cpu {cpu} ms: the spinning child was not counted\n{}",
                        p.j
                    ));
                }
                Ok(())
            }),
        ),
        (
            "a child never waited for, touching 1 GiB",
            check(move || {
                let p = probe(
                    "orphan-memory",
                    "{P}/orphanmem",
                    &["--time-limit-ms", "15000"],
                );
                p.expect("MLE", 1, alone)
            }),
        ),
        (
            "two children burning 900 ms each, never waited for",
            check(move || {
                let p = probe("two-children", "{P}/twospin", &[]);
                p.expect("TLE", 1, alone)?;
                // Killed past 1000 ms of the children's CPU time, or on a loaded machine at
                // the wall backstop with what they got by then: ten times the program's own
                // ~1 ms at least.
                let cpu = p.figure(1);
                let by_cpu = p.j.stdout.contains("ms of CPU time (limit 1000 ms)");
                if (by_cpu && cpu < 1000.0) || cpu < 10.0 {
                    return Err(format!("cpu {cpu} ms\n{}", p.j));
                }
                Ok(())
            }),
        ),
    ]);
}

#[test]
fn runs_share_no_state() {
    let secs = Duration::from_secs;
    all(vec![
        (
            "two judges at once on two folders of the same name",
            check(move || {
                let dir = scratch("concurrent");
                let (a, b) = (
                    tests_folder(&dir.join("a"), "one", None),
                    tests_folder(&dir.join("b"), "one", None),
                );
                let out = dir.join("out");
                let (a, b) = (a.display().to_string(), b.display().to_string());
                let (slow_right, fast_wrong) = thread::scope(|s| {
                    let right = s.spawn(|| {
                        let cmd = ["--tests", &a, "--cmd", "sleep 0.5; echo 1 2 3"];
                        judge_in(&out, &[&cmd[..], &UNHURRIED].concat(), None)
                    });
                    thread::sleep(Duration::from_millis(100));
                    let cmd = ["--tests", &b, "--cmd", "echo 4; sleep 0.6"];
                    let wrong = judge_in(&out, &[&cmd[..], &UNHURRIED].concat(), None);
                    (right.join().unwrap(), wrong)
                });
                if slow_right.verdicts()[0].0 != "AC" || fast_wrong.verdicts()[0].0 != "WA" {
                    return Err(format!("{slow_right}\n{fast_wrong}"));
                }
                let kept: Vec<_> = std::fs::read_dir(&out)
                    .unwrap()
                    .filter_map(|e| e.ok())
                    .map(|e| e.file_name().to_string_lossy().into_owned())
                    .filter(|n| n.starts_with("one-") && !n.ends_with(".lock"))
                    .collect();
                // Only the failing run keeps a folder (the cache holds failing cases only),
                // and it is its own: the passing run, judged at the same time, took its
                // folder's lock first.
                if kept.len() != 1 || !out.join(&kept[0]).join("one.got").is_file() {
                    return Err(format!(
                        "kept folders {kept:?}: the failing run's alone expected"
                    ));
                }
                Ok(())
            }),
        ),
        (
            "a program that plants its own .got",
            check(move || {
                let dir = scratch("plant");
                let tests = tests_folder(&dir, "p", None);
                let out = dir.join("out");
                // Whatever it can reach in the out folder, it links to the answer.
                let cmd = format!(
                    "for d in {out}/*/ {out}; do mkdir -p $d; ln -sf {answer} $d/one.got; done; echo 4",
                    out = out.display(),
                    answer = tests.join("one.out").display()
                );
                let t = tests.display().to_string();
                let p = run(
                    dir,
                    &[&["--tests", &t, "--cmd", &cmd][..], &UNHURRIED].concat(),
                );
                p.expect("WA", 1, secs(1))
            }),
        ),
        (
            "a program that taints its supervisor for the next run",
            check(move || {
                // Two cases judged one after the other in one job slot, so by one
                // long-lived supervisor unless it retires: the first leaves a spinning child
                // and changes what the supervisor hands down, the second must inherit none of
                // it (its answer is what the same program prints run straight from here).
                let dir = scratch("taint");
                let tests = dir.join("p/tests");
                std::fs::create_dir_all(&tests).unwrap();
                let cmd = with_programs(&dir, "{P}/taint");
                std::fs::write(tests.join("1-taint.in"), "taint\n").unwrap();
                std::fs::write(tests.join("1-taint.out"), "tainted\n").unwrap();
                std::fs::write(tests.join("2-probe.in"), "probe\n").unwrap();
                // The answer is what the judge hands a first, clean run (its limits are the
                // judge's, not this test's): judged alone first, its output kept.
                let t = tests.display().to_string();
                std::fs::write(tests.join("2-probe.out"), "?\n").unwrap();
                let args = [&["--tests", &t, "--cmd", &cmd][..], &UNHURRIED].concat();
                let first = run(dir.clone(), &[&args[..], &["2-probe"]].concat());
                let got = find_got(&dir.join("out"), "2-probe")
                    .ok_or_else(|| format!("no 2-probe.got\n{}", first.j))?;
                std::fs::write(tests.join("2-probe.out"), got).unwrap();
                let _ = std::fs::remove_dir_all(dir.join("out"));
                let p = run(dir, &[&args[..], &["-j", "1"]].concat());
                let verdicts: Vec<String> = p.j.verdicts().into_iter().map(|(v, _)| v).collect();
                if verdicts != ["AC", "AC"] {
                    return Err(format!("expected AC AC\n{}", p.j));
                }
                // The left child's CPU time is the first run's, not the second's.
                let cpu: Vec<f64> =
                    p.j.case_lines()
                        .map(|l| l.split_whitespace().nth(1).unwrap().parse().unwrap())
                        .collect();
                if cpu[0] < 200.0 || cpu[1] >= 100.0 {
                    return Err(format!("cpu {cpu:?}\n{}", p.j));
                }
                p.code_time_left(0, secs(1))
            }),
        ),
        (
            "70 MiB written to a file of its own",
            check(move || {
                let dir = scratch("own-file");
                let tests = dir.join("p/tests");
                std::fs::create_dir_all(&tests).unwrap();
                std::fs::write(tests.join("one.in"), "").unwrap();
                std::fs::write(tests.join("one.out"), "73400320\n").unwrap();
                let file = dir.join("scratch.bin");
                let cmd = format!(
                    "head -c 73400320 /dev/zero > {f}; wc -c < {f}",
                    f = file.display()
                );
                let t = tests.display().to_string();
                // Without isolation, anywhere the user may write.
                let args = ["--tests", &t, "--cmd", &cmd, "--isolation", "none"];
                let p = run(dir.clone(), &[&args[..], &UNHURRIED].concat());
                p.expect("AC", 0, secs(1))?;
                // Isolated, the system is read-only and the file goes to the private
                // TMPDIR, where it is memory of the run's.
                let cmd = "head -c 73400320 /dev/zero > $TMPDIR/s; wc -c < $TMPDIR/s";
                let p = run(
                    dir,
                    &[&["--tests", &t, "--cmd", cmd][..], &UNHURRIED].concat(),
                );
                p.expect("AC", 0, secs(1))?;
                if p.figure(7) < 70.0 {
                    return Err(format!("the 70 MiB file was not counted\n{}", p.j));
                }
                Ok(())
            }),
        ),
    ]);
}

#[test]
fn the_judges_own_work_and_words_are_bounded_and_honest() {
    let secs = Duration::from_secs;
    all(vec![
        (
            "--diff full on 100,000 differing lines",
            check(move || {
                let dir = scratch("diff-full");
                let tests = dir.join("p/tests");
                std::fs::create_dir_all(&tests).unwrap();
                let lines = |prefix: &str| -> String {
                    (1..=100_000).map(|i| format!("{prefix}{i}\n")).collect()
                };
                std::fs::write(tests.join("one.in"), "").unwrap();
                std::fs::write(tests.join("one.out"), lines("")).unwrap();
                let got = dir.join("got.txt");
                std::fs::write(&got, lines("a")).unwrap();
                let (t, cmd) = (
                    tests.display().to_string(),
                    format!("cat {}", got.display()),
                );
                let args = ["--tests", &t, "--cmd", &cmd, "--diff", "full"];
                let p = run(dir, &[&args[..], &UNHURRIED].concat());
                // About a second alone (the figure, for the record: 3.9 s was seen on a busy
                // machine, where a bound of 2 s failed).
                eprintln!(
                    "NOTICE: --diff full on 100,000 differing lines: {:?}",
                    p.j.took
                );
                p.expect("WA", 1, secs(2))?;
                p.has("more lines of diff not shown")?;
                if p.j.stdout.lines().count() > 450 {
                    return Err(format!("{} lines printed", p.j.stdout.lines().count()));
                }
                Ok(())
            }),
        ),
        (
            "a checker printing 100,000 lines",
            check(move || {
                let dir = scratch("chatty-checker");
                let tests = tests_folder(&dir, "p", None);
                let checker = dir.join("check.sh");
                std::fs::write(&checker, "#!/bin/sh\nseq 1 100000\nexit 1\n").unwrap();
                Command::new("chmod")
                    .arg("+x")
                    .arg(&checker)
                    .status()
                    .unwrap();
                let (t, c) = (tests.display().to_string(), checker.display().to_string());
                let out = dir.join("out");
                let args = ["--tests", &t, "--cmd", "echo 1 2 3", "--checker-cmd", &c];
                let p = run(dir, &[&args[..], &UNHURRIED].concat());
                p.expect("WA", 1, secs(2))?;
                p.has("checker: 1")?;
                p.has("(and 99997 more lines: ")?;
                // The detail lines under the case: three of the checker's, one saying where
                // the rest is, and the small input (two lines); whole in a pipe (messages are never cut), so bounded by the
                // checker's short lines and the kept file's path.
                let details: Vec<&str> =
                    p.j.stdout
                        .lines()
                        .filter(|l| l.starts_with("    "))
                        .collect();
                let longest = details.iter().map(|l| l.chars().count()).max().unwrap_or(0);
                if details.len() > 6 || longest > 400 {
                    return Err(format!(
                        "{} detail lines, the longest {longest} characters",
                        details.len()
                    ));
                }
                let kept = std::fs::read_dir(&out)
                    .unwrap()
                    .filter_map(|e| e.ok())
                    .find(|e| e.path().is_dir())
                    .map(|e| e.path().join("one.checker"))
                    .and_then(|f| std::fs::read_to_string(f).ok())
                    .unwrap_or_default();
                if kept.lines().count() != 100_000 {
                    return Err(format!("{} lines kept", kept.lines().count()));
                }
                Ok(())
            }),
        ),
        (
            "names that are not UTF-8 or hold a newline",
            check(move || {
                use std::os::unix::ffi::OsStrExt;
                let dir = scratch("names");
                let tests = tests_folder(&dir, "p", None);
                for stem in [&b"b\xffd"[..], b"nl\nx"] {
                    for ext in [&b".in"[..], b".out"] {
                        let name = [stem, ext].concat();
                        let path = tests.join(std::ffi::OsStr::from_bytes(&name));
                        std::fs::write(path, "1 2 3\n").unwrap();
                    }
                }
                let t = tests.display().to_string();
                let p = run(
                    dir.clone(),
                    &[&["--tests", &t, "--cmd", "cat"][..], &UNHURRIED].concat(),
                );
                p.code_time_left(0, secs(1))?;
                let names: Vec<String> = p.j.verdicts().into_iter().map(|(_, n)| n).collect();
                if names != ["p/b\\xffd", "p/nl\\x0ax", "p/one"] {
                    return Err(format!("{names:?}\n{}", p.j));
                }
                // A selector that is not UTF-8 is a usage error, not a panic.
                let out = Command::new(env!("CARGO_BIN_EXE_bfs-judge"))
                    .args(["test", "--tests", &t, "--cmd", "cat"])
                    .arg(std::ffi::OsStr::from_bytes(b"\xff"))
                    .output()
                    .unwrap();
                let err = String::from_utf8_lossy(&out.stderr);
                if out.status.code() != Some(2) || err.contains("panicked") {
                    return Err(format!("non-UTF-8 selector: {:?} {err}", out.status));
                }
                Ok(())
            }),
        ),
        (
            "an unmatched selector beside a matching one",
            check(move || {
                let dir = scratch("unmatched");
                let t = tests_folder(&dir, "p", None).display().to_string();
                let p = run(dir, &["--tests", &t, "--cmd", "cat", "one", "nosuch"]);
                p.code_time_left(2, secs(1))?;
                p.has("matches nosuch")
            }),
        ),
        (
            "limits out of range",
            check(move || {
                for bad in [
                    &["--output-limit-mib", "17592186044416"][..],
                    &["--time-limit-ms", "18446744073709551615"],
                    &["--memory-limit-mib", "0"],
                ] {
                    let p = probe("limits", "cat", bad);
                    p.code_time_left(2, secs(1))?;
                }
                for (value, says) in [
                    ("1e30", "timelimit = "),
                    ("-3", "timelimit = -3"),
                    ("\"x\"", "timelimit: expected a positive number"),
                ] {
                    let dir = scratch("timelimit");
                    let info = format!("timelimit = {value}\n");
                    let t = tests_folder(&dir, "p", Some(&info)).display().to_string();
                    let p = run(dir, &["--tests", &t, "--cmd", "cat"]);
                    p.code_time_left(2, secs(1))?;
                    p.has(says)?;
                }
                Ok(())
            }),
        ),
        (
            "the program's own exit 127",
            check(move || {
                let p = probe(
                    "exit-127",
                    "echo 'mine: not found' >&2; exit 127",
                    &UNHURRIED,
                );
                p.expect("RE", 1, secs(1))?;
                p.has("exit code 127, expected 0")
            }),
        ),
        (
            "outputs that differ in a NUL or a byte that is not UTF-8",
            check(move || {
                let dir = scratch("bytes");
                let tests = dir.join("p/tests");
                std::fs::create_dir_all(&tests).unwrap();
                std::fs::write(tests.join("one.in"), "").unwrap();
                std::fs::write(tests.join("one.out"), b"a\n1 2\xfe3\nb\n").unwrap();
                let t = tests.display().to_string();
                let args = ["--tests", &t, "--cmd", "printf 'a\\n1 2\\3773\\nb\\n'"];
                let p = run(dir, &[&args[..], &UNHURRIED].concat());
                p.expect("WA", 1, secs(1))?;
                p.has("- 2  1 2\\xfe3")?;
                p.has("+ 2  1 2\\xff3")?;
                let p = probe("nul", "printf '1 2\\0003\\n'", &UNHURRIED);
                p.expect("WA", 1, secs(1))?;
                p.has("+ 1  1 2\\x003")
            }),
        ),
    ]);
}

#[test]
fn every_mode_speaks_json_and_shows_its_accounting() {
    let secs = Duration::from_secs;
    all(vec![
        (
            "stress --json",
            check(move || {
                let dir = scratch("stress-json");
                // The folder's limit, far above what `echo` needs: WA, never a starved TLE.
                let t = tests_folder(&dir, "p", Some("time_limit_ms = 7000\n"));
                let gen = dir.join("gen.sh");
                std::fs::write(&gen, "#!/bin/sh\necho \"$1\"\n").unwrap();
                Command::new("chmod").arg("+x").arg(&gen).status().unwrap();
                let (t, g) = (t.display().to_string(), gen.display().to_string());
                let args = [
                    "stress", "--gen", &g, "--brute", "cat", "--cmd", "echo 7", "--seed", "5",
                    "--count", "3", "--tests", &t,
                ];
                let mut json = args.to_vec();
                json.push("--json");
                let p = run(dir.clone(), &json);
                p.code_time_left(1, secs(1))?;
                let lines: Vec<&str> = p.j.stdout.lines().collect();
                if lines.len() != 2 || !lines.iter().all(|l| l.starts_with('{') && l.ends_with('}'))
                {
                    return Err(format!("not one JSON object a line\n{}", p.j));
                }
                p.has("\"verdict\":\"WA\"")?;
                // In plain text, the header names the limits of the folder's info.toml, and
                // with -v the backstop and how they are accounted.
                let p = run(dir, &[&args[..], &["-v"]].concat());
                p.has("limits 7000 ms cpu (15000 ms wall)")?;
                p.has("process tree accounted from /proc")
            }),
        ),
        (
            "a setup error under --json",
            check(move || {
                let p = probe("setup-json", "./no-such-program", &["--json"]);
                p.code_time_left(2, secs(1))?;
                if !p.j.stdout.starts_with("{\"error\":") || !p.j.stderr.starts_with("judge: ") {
                    return Err(format!("{}", p.j));
                }
                Ok(())
            }),
        ),
        (
            "the checker's time on the case line",
            check(move || {
                let args = [&["--checker-cmd", "true"][..], &UNHURRIED].concat();
                let p = probe("checker-time", "echo 1 2 3", &args);
                p.expect("AC", 0, secs(1))?;
                p.has(" ms  p/one")?;
                p.has("  checker ")?;
                let p = probe(
                    "checker-json",
                    "echo 1 2 3",
                    &["--checker-cmd", "true", "--json"],
                );
                p.has("\"checker_ms\":")
            }),
        ),
    ]);
}

/// Judges `cmd` on a one-case folder with `extra` options and `env` added to the judge's own
/// environment (as a user's shell would have it).
fn probe_with_env(name: &str, cmd: &str, extra: &[&str], env: &[(&str, &str)]) -> Probe {
    probe_as(name, cmd, extra, env, Launcher::Direct)
}

/// How [`probe_as`] starts the judge.
enum Launcher<'a> {
    /// As the test's own user.
    Direct,
    /// By `setpriv` as this user id.
    AsUser(u32),
    /// Through this program, which execs its arguments (the `nomech` probe).
    Through(&'a Path),
    /// By a shell that first opens, not close-on-exec, descriptor 9 on the probe's folder
    /// and descriptor 7 on its file `log` (for appending), as `exec 9<DIR 7>>LOG` would.
    WithFds,
}

/// [`probe_with_env`], the judge started by `launcher`.
fn probe_as(
    name: &str,
    cmd: &str,
    extra: &[&str],
    env: &[(&str, &str)],
    launcher: Launcher,
) -> Probe {
    let dir = scratch(name);
    let tests = tests_folder(&dir, "p", None).display().to_string();
    let cmd = with_programs(&dir, cmd);
    let mut judge = Judge::flat(&dir.join("out"), &["--tests", &tests, "--cmd", &cmd]).args(extra);
    for (k, v) in env {
        judge = judge.env(k, v);
    }
    let dir_arg = dir.display().to_string();
    let judge = match launcher {
        Launcher::Direct => judge,
        Launcher::AsUser(uid) => {
            use std::os::unix::fs::PermissionsExt;
            std::fs::set_permissions(&dir, std::fs::Permissions::from_mode(0o777)).unwrap();
            judge.launched_by([
                "setpriv".to_string(),
                format!("--reuid={uid}"),
                format!("--regid={uid}"),
                "--clear-groups".to_string(),
            ])
        }
        Launcher::Through(wrapper) => judge.launched_by([wrapper]),
        Launcher::WithFds => {
            std::fs::write(dir.join("log"), "").unwrap();
            judge.launched_by([
                "sh",
                "-c",
                "exec 9<\"$1\" 7>>\"$1/log\"; shift; exec \"$@\"",
                "sh",
                &dir_arg,
            ])
        }
    };
    Probe {
        j: judge.run(),
        dir,
    }
}

/// The probes of issue 26 in the `iso` part: each runs with the default isolation (here:
/// namespaces) and, where the outcome differs, with `--isolation landlock` and `none`,
/// whose documented outcome is asserted.
#[test]
fn isolation_keeps_the_user_the_judge_and_the_next_case_safe() {
    programs();
    let secs = Duration::from_secs;
    all(vec![
        (
            "damages the tests folder and the working folder",
            check(move || {
                for isolation in ["namespaces", "landlock", "none"] {
                    let dir = scratch(&format!("vandal-{isolation}"));
                    let tests = tests_folder(&dir, "p", None);
                    let before = snapshot(&dir.join("p"));
                    let cmd = with_programs(&dir, &format!("{{P}}/vandal {}", tests.display()));
                    let t = tests.display().to_string();
                    let args = ["--tests", &t, "--cmd", &cmd, "--isolation", isolation];
                    let p = run(dir.clone(), &[&args[..], &UNHURRIED].concat());
                    let after = snapshot(&dir.join("p"));
                    let planted = std::env::current_dir().unwrap().join("planted").exists();
                    if isolation == "none" {
                        // Documented: without isolation the program writes the user's files.
                        if after == before {
                            return Err(format!("none: the folder was not touched?\n{}", p.j));
                        }
                        let _ = std::fs::remove_file("planted");
                        continue;
                    }
                    p.expect("AC", 0, secs(1))?;
                    if after != before || planted {
                        return Err(format!("{isolation}: the user's files changed\n{}", p.j));
                    }
                }
                Ok(())
            }),
        ),
        (
            "stops every bfs-judge process it can see",
            check(move || {
                // Isolated, the judge is in no namespace the program can see (nor, under
                // Landlock, in its signal scope). Without isolation the judge would stop for
                // good: documented, not run.
                for isolation in ["namespaces", "landlock"] {
                    let p = probe(
                        &format!("stop-judge-{isolation}"),
                        "{P}/stopjudge",
                        &[&["--isolation", isolation][..], &UNHURRIED].concat(),
                    );
                    p.expect("AC", 0, secs(1))?;
                }
                Ok(())
            }),
        ),
        (
            "re-limits every bfs-judge process it can see; the next cases are judged as ever",
            check(move || {
                // Isolated, the judge is out of the program's sight (namespaces) or out of its
                // reach (Landlock's scope and the seccomp filter on prlimit/setpriority); the
                // supervisor sets every limit of each run itself. Without isolation the judge
                // dies by SIGXFSZ at its next write, as the header's "not enforced" list
                // says (re-limit the judge): documented, not run.
                for isolation in ["namespaces", "landlock"] {
                    let (p, verdicts) = probe_cases(
                        &format!("relimit-{isolation}"),
                        "{P}/relimit",
                        &["r", "d", "r", "d"],
                        isolation,
                        UNHURRIED[1],
                    )?;
                    if verdicts != ["AC", "AC", "AC", "AC"] {
                        return Err(format!("{isolation}: expected 4 AC\n{}", p.j));
                    }
                    p.code_time_left(0, secs(1))?;
                }
                Ok(())
            }),
        ),
        (
            "signals its supervisor; the session goes on",
            check(move || {
                for isolation in ["namespaces", "landlock", "none"] {
                    // Under Landlock each signal sleeps to the backstop: one is enough there,
                    // and a limit whose backstop (11 s) is time enough for the last case,
                    // which answers, on a busy machine.
                    let (inputs, limit) = match isolation {
                        "landlock" => (&["t", "x"][..], "5000"),
                        _ => (&["t", "i", "h", "x"][..], UNHURRIED[1]),
                    };
                    let (p, verdicts) = probe_cases(
                        &format!("sig-sup-{isolation}"),
                        "{P}/sigsup",
                        inputs,
                        isolation,
                        limit,
                    )?;
                    // Landlock (ABI 6+) keeps the signal from leaving the program's domain:
                    // it then sleeps to its backstop.
                    let first = if isolation == "landlock" { "TLE" } else { "RE" };
                    let mut expected = vec![first; inputs.len() - 1];
                    expected.push("AC");
                    if verdicts != expected {
                        return Err(format!("{isolation}: expected {expected:?}\n{}", p.j));
                    }
                    if first == "RE" {
                        for signal in [
                            "SIGTERM (signal 15)",
                            "SIGINT (signal 2)",
                            "SIGHUP (signal 1)",
                        ] {
                            p.has(&format!("the program signalled its supervisor ({signal})"))?;
                        }
                    }
                    p.code_time_left(1, secs(12))?;
                }
                Ok(())
            }),
        ),
        (
            "the user's environment and --env",
            check(move || {
                let env = [("PYTHONUNBUFFERED", "1"), ("BFS_EXTRA", "from-shell")];
                let p = probe_with_env("env", "{P}/envsee", &UNHURRIED, &env);
                if !p.j.stdout.contains("WA") {
                    return Err(format!("expected WA\n{}", p.j));
                }
                let got = find_got(&p.dir.join("out"), "one").unwrap_or_default();
                let got = String::from_utf8_lossy(&got).into_owned();
                if got.trim() != "clean - home-writable C.UTF-8" {
                    return Err(format!("got `{got}`\n{}", p.j));
                }
                let p = probe_with_env(
                    "env-passed",
                    "{P}/envsee",
                    &[
                        &["--env", "BFS_EXTRA", "--env", "PYTHONUNBUFFERED=0"][..],
                        &UNHURRIED,
                    ]
                    .concat(),
                    &env,
                );
                let got = find_got(&p.dir.join("out"), "one").unwrap_or_default();
                let got = String::from_utf8_lossy(&got).into_owned();
                if got.trim() != "leaked from-shell home-writable C.UTF-8" {
                    return Err(format!("got `{got}`\n{}", p.j));
                }
                Ok(())
            }),
        ),
        (
            "a recursive DFS a million frames deep",
            check(move || {
                let dir = scratch("deep");
                let tests = dir.join("p/tests");
                std::fs::create_dir_all(&tests).unwrap();
                std::fs::write(tests.join("one.in"), "").unwrap();
                std::fs::write(tests.join("one.out"), "123\n").unwrap();
                let cmd = with_programs(&dir, "{P}/deep");
                let t = tests.display().to_string();
                // The stack is the memory limit's (256 MiB) whatever the shell's is.
                let args = [&["--tests", &t, "--cmd", &cmd][..], &UNHURRIED].concat();
                let p = run(dir.clone(), &args);
                p.expect("AC", 0, secs(1))?;
                let p = run(dir, &[&args[..], &["--stack-limit-mib", "8"]].concat());
                p.expect("RE", 1, secs(1))?;
                p.has("SIGSEGV")
            }),
        ),
        (
            "connects to a TCP port of this machine",
            check(move || {
                let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
                let port = listener.local_addr().unwrap().port().to_string();
                for isolation in ["namespaces", "landlock", "none"] {
                    let p = probe(
                        &format!("tcp-{isolation}"),
                        &format!("{{P}}/tcp {port}"),
                        &[&["--isolation", isolation][..], &UNHURRIED].concat(),
                    );
                    // Documented: without isolation the program reaches the network.
                    let want = if isolation == "none" { "WA" } else { "AC" };
                    p.expect(want, i32::from(want == "WA"), secs(1))?;
                }
                Ok(())
            }),
        ),
        (
            "looks for a terminal",
            check(move || {
                for isolation in ["namespaces", "landlock", "none"] {
                    let p = probe(
                        &format!("tty-{isolation}"),
                        "{P}/notty",
                        &[&["--isolation", isolation][..], &UNHURRIED].concat(),
                    );
                    p.expect("AC", 0, secs(1))?;
                }
                Ok(())
            }),
        ),
        (
            "1 GiB written to /dev/shm, never mapped",
            check(move || {
                let args = [&["--memory-limit-mib", "128"][..], &UNHURRIED].concat();
                let p = probe("shm", "{P}/shm", &args);
                p.expect("MLE", 1, secs(2))?;
                if Path::new("/dev/shm/bfs-shm-probe").exists() {
                    return Err("the /dev/shm file outlived the run".into());
                }
                Ok(())
            }),
        ),
        (
            "CPU of children the kernel reaps (SIGCHLD ignored)",
            check(move || {
                let p = probe("autoreap", "{P}/autoreap", &["--time-limit-ms", "1000"]);
                // 2.1 s of CPU in children nobody waits for: counted from the looks.
                p.expect("TLE", 1, secs(3))
            }),
        ),
        (
            "forges a report as an ordinary user",
            check(move || {
                // The judge is not dumpable, so its report pipes cannot be reached through
                // /proc even by a program of the same user; isolated, it is not even seen.
                let me = Command::new("id").arg("-u").output().unwrap();
                let root = String::from_utf8_lossy(&me.stdout).trim() == "0";
                let usable = Command::new("setpriv").arg("--version").output().is_ok();
                if !root || !usable {
                    eprintln!("notice: forged-report probe skipped (needs root and setpriv)");
                    return Ok(());
                }
                for isolation in ["namespaces", "none"] {
                    let p = probe_as(
                        &format!("forge-{isolation}"),
                        "{P}/forge",
                        &["--time-limit-ms", "300", "--isolation", isolation],
                        &[],
                        Launcher::AsUser(65534),
                    );
                    p.expect("TLE", 1, secs(2))?;
                }
                Ok(())
            }),
        ),
    ]);
    // Alone, as the fork bomb runs: a thousand processes slow every look at /proc, and beside
    // the probes above a busy machine took past the supervisor's grace to end them.
    let sleepers = check(move || {
        let p = probe(
            "sleepers",
            "{P}/sleepers",
            &["--time-limit-ms", "1000", "--memory-limit-mib", "2048"],
        );
        p.expect("TLE", 1, secs(4))?;
        // Stopped by the looks, never left to the wall backstop (3,000 ms with a core to
        // itself): the looks read one file a process, and memory on full scans only. How
        // far past the limit is a busy machine's to say (issue 42: 1,555 ms was seen beside
        // two busy loops, where 1,500 was the bound; 1,646 before the looks were made
        // cheap, on an idle one): the figure is printed, 2,000 ms is the backstop. (On a
        // loaded machine the wall backstop may come first, with less CPU time.)
        let cpu = p.figure(1);
        eprintln!("NOTICE: 1,000 sleeping children and a spinner: stopped at {cpu} ms of CPU");
        if cpu > 2000.0 {
            return Err(format!("{cpu} ms of CPU under a 1000 ms limit\n{}", p.j));
        }
        Ok(())
    });
    let _alone = alone();
    if let Err(e) = sleepers() {
        panic!("--- probe 1,000 sleeping children and a spinner: {e}");
    }
}

/// What the watcher of the tree promises and no other probe pins down (issue 31): memory is
/// the sum over the live processes, not the largest one; and a process that starts after the
/// first polls is watched, and stopped at the limit, while it runs, not only counted by
/// `wait4` once it is over. Each probe fails when that code is taken out: with the largest
/// process's peak alone `sumgrow` is AC; without the scans after the first poll the late
/// grower runs on to the wall backstop (TLE), and the late spinner, where the machine gives
/// it the CPU, past its limit to its `RLIMIT_CPU` a second later. (On a machine so loaded
/// that the spinner gets under 400 ms by the backstop, only the grower tells.)
#[test]
fn the_watcher_sums_the_tree_and_sees_late_children() {
    programs();
    let secs = Duration::from_secs;
    all(vec![
        (
            "three children of 120 MiB under a 256 MiB limit",
            check(move || {
                let p = probe(
                    "sum-memory",
                    "{P}/sumgrow 3 120",
                    &["--memory-limit-mib", "256", "--time-limit-ms", "10000"],
                );
                p.expect("MLE", 1, secs(2))?;
                // Killed on passing the limit, which only the sum does: the peak is over it
                // and within one child's size of it.
                let peak = p.figure(7);
                if !(256.0..=256.0 + 130.0).contains(&peak) {
                    return Err(format!("peak {peak} MiB\n{}", p.j));
                }
                Ok(())
            }),
        ),
        (
            "a child that starts touching 1 GiB after the first polls",
            check(move || {
                let p = probe(
                    "late-memory",
                    "{P}/late mem",
                    &[&["--memory-limit-mib", "256"][..], &UNHURRIED].concat(),
                );
                p.expect("MLE", 1, secs(2))
            }),
        ),
    ]);
    // Alone, so that the probes above do not take the CPU it needs to reach its limit.
    all(vec![(
        "a child that starts spinning after the first polls",
        check(move || {
            let p = probe("late-cpu", "{P}/late cpu", &["--time-limit-ms", "400"]);
            p.expect("TLE", 1, secs(2))?;
            // Stopped by the watcher past the limit, never by RLIMIT_CPU (1,000 ms and more,
            // as the wall backstop is with a core to itself); or, on a machine too loaded to
            // give it 400 ms by the wall backstop, with its CPU so far counted, which only a
            // watcher that sees it can know (its parent has not reaped it, so wait4 has none
            // of it). How far past the limit a look comes is a busy machine's to say (issue
            // 42): 1,000 ms is the backstop, the figure is printed.
            let cpu = p.figure(1);
            eprintln!("NOTICE: the late spinner was stopped at {cpu} ms of CPU (limit 400)");
            let by_cpu = p.j.stdout.contains("ms of CPU time (limit 400 ms)");
            if cpu >= 1000.0 || (by_cpu && cpu < 400.0) || (!by_cpu && cpu < 30.0) {
                return Err(format!("cpu {cpu} ms\n{}", p.j));
            }
            Ok(())
        }),
    )]);
}

/// The first CPU this process may run on (`Cpus_allowed_list`), where a test can pin both a
/// program and a hog that starves it.
fn first_allowed_cpu() -> Option<String> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let list = status
        .lines()
        .find_map(|l| l.strip_prefix("Cpus_allowed_list:"))?
        .trim();
    let first = list.split([',', '-']).next()?.trim();
    (!first.is_empty()).then(|| first.to_string())
}

/// A busy machine (nine spinning hogs pinned to one CPU beside the program, each in a
/// session of its own so that the scheduler's autogroups give each a share: the program
/// gets about a tenth of it) changes no verdict: a program that needs about 0.8 s of CPU
/// time under a 2 s limit, 8 s of wall time there, is AC, its 5 s backstop drawn out while it
/// waited for the CPU (it was a TLE, "starved", before); an endless loop is a plain TLE at its
/// CPU limit (500 ms: 5 s here); a sleeping program is still killed at its backstop (2 s)
/// and named asleep.
#[test]
fn a_busy_machine_draws_out_the_backstop_and_changes_no_verdict() {
    let tools = ["taskset", "setsid"];
    if let Some(t) = tools
        .iter()
        .find(|t| Command::new(t).arg("--version").output().is_err())
    {
        eprintln!("{t} is not installed: skipping");
        return;
    }
    let Some(cpu) = first_allowed_cpu() else {
        eprintln!("no CPU list in /proc/self/status: skipping");
        return;
    };
    // The hogs starve the CPU for every run beside them (a docs transcript's TLE by CPU time
    // would come at the wall backstop instead): no other test's judge runs while they spin.
    let _alone = alone();
    struct Hogs(Vec<std::process::Child>);
    impl Drop for Hogs {
        fn drop(&mut self) {
            for h in &mut self.0 {
                let _ = h.kill();
                let _ = h.wait();
            }
        }
    }
    let _hogs = Hogs(
        (0..9)
            .map(|_| {
                Command::new("setsid")
                    .args(["taskset", "-c", &cpu, "sh", "-c", "while :; do :; done"])
                    .spawn()
                    .unwrap()
            })
            .collect(),
    );
    let judged = |name: &str, cmd: &str, limit_ms: &str| {
        let dir = scratch(name);
        let tests = tests_folder(&dir, "p", None).display().to_string();
        let args = ["--tests", &tests, "--cmd", cmd, "--time-limit-ms", limit_ms];
        Judge::flat(&dir.join("out"), &args)
            .launched_by(["taskset", "-c", &cpu])
            .env("COLUMNS", "400")
            .run()
    };
    let worker = judged(
        "starved-worker",
        "sh -c 'i=0; while [ $i -lt 800000 ]; do i=$((i+1)); done; cat'",
        "2000",
    );
    assert_eq!(single_verdict(&worker), "AC", "{worker}");
    // A short limit: at a tenth of a CPU its 500 ms take 5 s.
    let spinner = judged("starved-spinner", "sh -c 'while :; do :; done'", "500");
    assert_eq!(single_verdict(&spinner), "TLE", "{spinner}");
    assert!(
        spinner.stdout.contains("CPU time (limit 500 ms)"),
        "{spinner}"
    );
    let sleeper = judged("starved-sleeper", "sleep 30", "500");
    assert_eq!(single_verdict(&sleeper), "TLE", "{sleeper}");
    assert!(
        sleeper.stdout.contains("sleeping or waiting for input?"),
        "{sleeper}"
    );
}

/// A deep recursion that overflows its stack gets `RE` with the hint "stack overflow?" and
/// the stack it reached; a segmentation fault with a small stack gets no such hint.
#[test]
fn a_stack_overflow_is_named_as_one() {
    let deep = probe(
        "stack-deep",
        "{P}/slowdeep",
        &["--stack-limit-mib", "8", "--time-limit-ms", "20000"],
    );
    let line = deep
        .j
        .stdout
        .lines()
        .find(|l| l.contains("killed by"))
        .unwrap_or("");
    assert!(
        line.contains("SIGSEGV")
            && line.contains("stack overflow?")
            && line.contains("of its 8.0 MiB limit"),
        "{}",
        deep.j
    );
    let plain = probe(
        "stack-plain",
        "kill -SEGV $$",
        &[&["--stack-limit-mib", "8"][..], &UNHURRIED].concat(),
    );
    assert!(plain.j.stdout.contains("killed by SIGSEGV"), "{}", plain.j);
    assert!(!plain.j.stdout.contains("stack overflow"), "{}", plain.j);
}

/// Memory written into a memfd and never mapped counts against the limit (it was `AC 2.1
/// MiB` with 512 MiB there).
#[test]
fn memory_in_a_memfd_counts() {
    // A time limit far past what writing 256 MiB takes: on a loaded machine the default
    // limit's wall backstop came first.
    let memory = ["--memory-limit-mib", "256"];
    let p = probe(
        "memfd",
        "{P}/memfd 512",
        &[&memory[..], &UNHURRIED].concat(),
    );
    p.expect("MLE", 1, Duration::from_secs(2)).unwrap();
    // 16 MiB there is within the limit: the verdict is the output's (it prints nothing).
    let small = probe(
        "memfd-small",
        "{P}/memfd 16",
        &[&memory[..], &UNHURRIED].concat(),
    );
    assert_eq!(single_verdict(&small.j), "WA", "{}", small.j);
}

/// System V shared memory segments count against the limit though detached and their makers
/// gone, and none outlives its case: the next case, judged by the same supervisor, finds no segment.
#[test]
fn sysv_shared_memory_counts_and_does_not_outlive_its_case() {
    // Three segments of 120 MiB, each filled by a child that ends: no process ever holds more
    // than 120 MiB, the segments together 360.
    let p = probe(
        "sysvshm",
        "{P}/sysvshm 120 3",
        &[&["--memory-limit-mib", "256"][..], &UNHURRIED].concat(),
    );
    p.expect("MLE", 1, Duration::from_secs(2)).unwrap();
    let dir = scratch("sysvshm-next");
    let tests = dir.join("t");
    std::fs::create_dir_all(&tests).unwrap();
    for case in ["1", "2", "3"] {
        std::fs::write(tests.join(format!("{case}.in")), "").unwrap();
        std::fs::write(tests.join(format!("{case}.out")), "gone\n").unwrap();
    }
    let cmd = with_programs(&dir, "{P}/sysvshm 16 1");
    let j = judge_in(
        &dir.join("out"),
        &[
            "--tests",
            &tests.display().to_string(),
            "--cmd",
            &cmd,
            "-j",
            "1",
            UNHURRIED[0],
            UNHURRIED[1],
        ],
        None,
    );
    assert_eq!(j.code, Some(0), "{j}");
}

/// A fork bomb stopped by the process limit is told so, and leaves nothing behind; a
/// program with a few children is not. Where the kernel counts the run's processes
/// (namespaces, not root) `fork` fails at the limit: the bomb that gives up is RE, the one
/// that keeps trying TLE, both named. Where it does not (root, whom `RLIMIT_NPROC` spares,
/// or outside namespaces) the looks kill the tree past the limit: RE, named too. One bomb
/// at a time, with a generous time limit: a thousand forks take a loaded machine seconds.
#[test]
fn a_fork_bomb_is_named_at_the_process_limit() {
    programs();
    let _alone = alone();
    // SAFETY: getuid cannot fail.
    let root = unsafe { libc::getuid() } == 0;
    let named = "; it hit the process limit of 1024 processes and threads";
    let looked = "processes and threads, past the process limit of 1024";
    for isolation in ["namespaces", "none"] {
        let counted = isolation == "namespaces" && !root;
        let options = |ms: &'static str| {
            vec![
                "--isolation",
                isolation,
                "--memory-limit-mib",
                "4096",
                "--time-limit-ms",
                ms,
            ]
        };
        let p = probe(
            &format!("forkbomb-exit-{isolation}"),
            "{P}/forkbomb exit",
            &options("20000"),
        );
        p.expect("RE", 1, Duration::from_secs(5)).unwrap();
        match counted {
            true => p.has(&format!("exit code 1, expected 0{named}")).unwrap(),
            false => p.has(looked).unwrap(),
        }
        // Uncounted, the bomb must reach the look's process limit before its CPU limit, on
        // a loaded machine too, where each fork costs more CPU: 10 s of CPU, not 1, leaves it
        // that margin (a look past both names the processes).
        let p = probe(
            &format!("forkbomb-retry-{isolation}"),
            "{P}/forkbomb retry",
            &options(if counted { "1000" } else { "10000" }),
        );
        match counted {
            true => {
                p.expect("TLE", 1, Duration::from_secs(5)).unwrap();
                p.has(named).unwrap();
            }
            false => {
                p.expect("RE", 1, Duration::from_secs(5)).unwrap();
                p.has(looked).unwrap();
            }
        }
        let p = probe(
            &format!("forkbomb-few-{isolation}"),
            "sh -c 'sleep 5 & sleep 5 & exit 3'",
            &options(UNHURRIED[1]),
        );
        p.expect("RE", 1, Duration::from_secs(1)).unwrap();
        assert!(!p.j.stdout.contains("process limit"), "{}", p.j);
    }
}

/// The machine's System V segments (`/proc/sysvipc/shm`): (id, size in bytes).
fn machine_segments() -> Vec<(String, u64)> {
    let table = std::fs::read_to_string("/proc/sysvipc/shm").unwrap_or_default();
    table
        .lines()
        .skip(1)
        .filter_map(|l| {
            let f: Vec<&str> = l.split_whitespace().collect();
            Some((f.get(1)?.to_string(), f.get(3)?.parse().ok()?))
        })
        .collect()
}

/// The newest probes (the stack-overflow hint, memfd pages, System V segments, /dev/shm)
/// under `--isolation landlock` and `none`, each asserting what `docs/judge.md` says there:
/// the hint and memfds are the watcher's and hold everywhere; System V segments live in the
/// machine's IPC namespace, so detached ones are not counted and outlive their run; /dev/shm
/// is not writable under landlock, and under none is the machine's, stopped only by the file
/// size limit (twice the memory limit) and left behind. One isolation at a time: both share
/// the machine's segments and /dev/shm. What the probes leave on the machine is removed.
#[test]
fn the_newest_probes_without_namespaces_do_what_the_docs_say() {
    programs();
    let secs = Duration::from_secs;
    for isolation in ["landlock", "none"] {
        let iso = ["--isolation", isolation];
        let deep = probe(
            &format!("stack-deep-{isolation}"),
            "{P}/slowdeep",
            &[
                &iso[..],
                &["--stack-limit-mib", "8", "--time-limit-ms", "20000"],
            ]
            .concat(),
        );
        deep.expect("RE", 1, secs(2)).unwrap();
        deep.has(" of its 8.0 MiB limit; --stack-limit-mib raises it)")
            .unwrap();
        deep.has("stack overflow? (its stack reached ").unwrap();
        let memfd = probe(
            &format!("memfd-{isolation}"),
            "{P}/memfd 512",
            &[
                &iso[..],
                &["--memory-limit-mib", "256", "--time-limit-ms", "15000"],
            ]
            .concat(),
        );
        memfd.expect("MLE", 1, secs(2)).unwrap();

        // Three detached segments of 40 MiB, 120 together, under a 100 MiB limit: MLE under
        // namespaces (see above); with no isolation each child holds 40 at most and the run
        // ends as it wants, its segments still there, so the next run finds its key; under
        // Landlock `shmget` fails and the run answers all the same. The key is this test
        // process's own: a segment an earlier, killed run left on the machine is not found.
        let before: Vec<String> = machine_segments().into_iter().map(|s| s.0).collect();
        let key = 0x4200_0000 + (std::process::id() & 0xff_ffff);
        let dir = scratch(&format!("sysvshm-{isolation}"));
        let tests = dir.join("t");
        std::fs::create_dir_all(&tests).unwrap();
        std::fs::write(tests.join("1.in"), "").unwrap();
        std::fs::write(tests.join("1.out"), "gone\n").unwrap();
        let t = tests.display().to_string();
        let judge = |cmd: &str| {
            let cmd = with_programs(&dir, cmd);
            let args = ["--tests", &t, "--cmd", &cmd, "--memory-limit-mib", "100"];
            judge_in(
                &dir.join("out"),
                &[&args[..], &iso, &UNHURRIED].concat(),
                None,
            )
        };
        let first = judge(&format!("{{P}}/sysvshm 40 3 {key}"));
        let second = judge(&format!("{{P}}/sysvshm 1 1 {key}"));
        for (id, bytes) in machine_segments() {
            if !before.contains(&id) && (bytes == 40 << 20 || bytes == 1 << 20) {
                let _ = Command::new("ipcrm").args(["-m", &id]).status();
            }
        }
        assert_eq!(single_verdict(&first), "AC", "{isolation}: {first}");
        if isolation == "landlock" {
            // System V IPC is denied under Landlock (issue 40): nothing is left to find.
            assert_eq!(single_verdict(&second), "AC", "{isolation}: {second}");
        } else {
            assert_eq!(single_verdict(&second), "WA", "{isolation}: {second}");
            assert!(second.stdout.contains("left"), "{isolation}: {second}");
        }

        // A name of its own: the namespaces probe checks that the machine has no
        // /dev/shm/bfs-shm-probe while this one runs.
        let file = format!("/dev/shm/bfs-shm-probe-{isolation}-{}", std::process::id());
        let shm = probe(
            &format!("shm-{isolation}"),
            &format!("{{P}}/shm {file}"),
            &[&iso[..], &["--memory-limit-mib", "128"], &UNHURRIED].concat(),
        );
        let left = std::fs::metadata(&file).map(|m| m.len());
        let _ = std::fs::remove_file(&file);
        if isolation == "landlock" {
            // fopen fails: it answers without writing a byte.
            shm.expect("AC", 0, secs(1)).unwrap();
            assert!(left.is_err(), "landlock wrote /dev/shm\n{}", shm.j);
        } else {
            shm.expect("RE", 1, secs(2)).unwrap();
            shm.has("killed by SIGXFSZ").unwrap();
            assert_eq!(left.ok(), Some(256 << 20), "{}", shm.j);
        }
    }
}

/// A session leaves no folder of its own behind: the runs' private folders (in `/dev/shm`
/// when it has room, else the temporary folder) and the held copies of the cases are gone
/// when the judge exits, for a passing and a failing case, with isolation and without.
#[test]
fn a_session_leaves_no_folder_of_its_own() {
    for isolation in ["namespaces", "none"] {
        let dir = scratch(&format!("no-leftovers-{isolation}"));
        let tests = tests_folder(&dir, "p", None);
        std::fs::write(tests.join("two.in"), "4\n").unwrap();
        std::fs::write(tests.join("two.out"), "5\n").unwrap();
        let j = Judge::new(["test", "--out-dir"])
            .arg(dir.join("out"))
            .arg("--tests")
            .arg(&tests)
            .args(["--cmd", "cat", "--isolation", isolation])
            .args(UNHURRIED)
            .run();
        let pid = j.pid;
        assert_eq!(j.code, Some(1), "{j}");
        assert!(j.stdout.contains("1 passed, 1 failed"), "{j}");
        let own = format!("bfs-judge-{pid}-");
        for base in [std::env::temp_dir(), PathBuf::from("/dev/shm")] {
            let left: Vec<String> = std::fs::read_dir(&base)
                .into_iter()
                .flatten()
                .flatten()
                .map(|e| e.file_name().to_string_lossy().into_owned())
                .filter(|name| name.starts_with(&own))
                .collect();
            assert!(
                left.is_empty(),
                "{isolation}: left in {}: {left:?}",
                base.display()
            );
        }
    }
}

/// Where neither mechanism is available (the `nomech` probe hides both), the default judges
/// with no isolation and its header says why and what is then not enforced (with -v; the
/// short header points there); asking for
/// either mechanism by name is a setup error that says it is missing.
#[test]
#[cfg(target_arch = "x86_64")]
fn with_no_mechanism_the_header_says_what_is_not_enforced() {
    let nomech = programs().join("nomech");
    let p = probe_as(
        "nomech-auto",
        "cat",
        &[&UNHURRIED[..], &["-v"]].concat(),
        &[],
        Launcher::Through(&nomech),
    );
    p.expect("AC", 0, Duration::from_secs(1)).unwrap();
    for text in [
        "isolation: none",
        "neither unprivileged namespaces (",
        "nor Landlock available",
        "not enforced: the program can read and write the user's files",
    ] {
        p.has(text).unwrap();
    }
    for (mechanism, missing) in [
        (
            "namespaces",
            "unprivileged user namespaces are not available here",
        ),
        ("landlock", "this kernel has no Landlock"),
    ] {
        let p = probe_as(
            &format!("nomech-{mechanism}"),
            "cat",
            &["--isolation", mechanism],
            &[],
            Launcher::Through(&nomech),
        );
        assert_eq!(p.j.code, Some(2), "{}", p.j);
        p.has(missing).unwrap();
    }
}

/// The isolation mechanisms this machine has, by name: the issue-40 probes run under each
/// (and say so where one is missing).
fn mechanisms_here() -> Vec<&'static str> {
    static HERE: OnceLock<Vec<&'static str>> = OnceLock::new();
    HERE.get_or_init(|| {
        let mut here = Vec::new();
        for isolation in ["namespaces", "landlock"] {
            let p = probe(
                &format!("mechanism-{isolation}"),
                "cat",
                &[&["--isolation", isolation][..], &UNHURRIED].concat(),
            );
            if p.j.code == Some(0) {
                here.push(isolation);
            } else {
                eprintln!(
                    "notice: no {isolation} here, its probes are skipped: {}",
                    p.j.stderr
                );
            }
        }
        here
    })
    .clone()
}

/// Issue 44: a package's submission that is a link into another of its folders
/// (`accepted/off_by_one.py -> ../wrong_answer/off.py`) runs under every mechanism, the
/// package under /tmp and the judge started elsewhere: the interpreter reaches what the link
/// leads to, where under namespaces it met "can't open file" (an RTE).
#[test]
fn a_linked_submission_reaches_its_target_under_isolation() {
    for isolation in mechanisms_here() {
        let dir = std::path::PathBuf::from(format!(
            "/tmp/judge-linked-{}-{isolation}",
            std::process::id()
        ));
        let _ = std::fs::remove_dir_all(&dir);
        // Removed when the test ends, a failing one too.
        struct Gone(std::path::PathBuf);
        impl Drop for Gone {
            fn drop(&mut self) {
                let _ = std::fs::remove_dir_all(&self.0);
            }
        }
        let _gone = Gone(dir.clone());
        let p = crate::support::Package::copy_into("kattis-linked", &dir);
        p.expect(&format!("verified-{isolation}"));
    }
}

/// Issue 40: descriptors a shell, an editor or a CI runner left open when it started the judge
/// (`exec 9<folder 7>>log`) reach no judged program, whatever the mechanism: through a folder
/// descriptor on the working folder it read the answer under the tmpfs that hides it (AC
/// without solving) and left its root; through a log's it wrote into the caller's file.
#[test]
fn the_callers_descriptors_do_not_reach_the_program() {
    programs();
    let mut modes = mechanisms_here();
    modes.push("none");
    for isolation in modes {
        let p = probe_as(
            &format!("fdpeek-{isolation}"),
            "{P}/fdpeek",
            &[&["--isolation", isolation][..], &UNHURRIED].concat(),
            &[],
            Launcher::WithFds,
        );
        let tests = p.dir.join("p/tests");
        let before = snapshot(&tests);
        p.expect("AC", 0, Duration::from_secs(1))
            .unwrap_or_else(|e| panic!("{isolation}: {e}"));
        assert_eq!(
            std::fs::read(p.dir.join("log")).unwrap(),
            b"",
            "{isolation}: the caller's log was written\n{}",
            p.j
        );
        assert!(
            !p.dir.join("fd-escaped").exists(),
            "{isolation}: a file left in the user's folder\n{}",
            p.j
        );
        assert_eq!(snapshot(&tests), before, "{isolation}: {}", p.j);
    }
}

/// Issue 40: what a program could reach outside the rules of the mechanism, each named by the
/// probe when it works: capabilities kept as root, the host name, raw and UDP sockets, a
/// device node, the mode, owner, times and extended attributes of a file of the tests'
/// folder or of the shared folders, a key in the user's keyring. Under namespaces and
/// Landlock none works (the answer is AC), and the tests' folder is unchanged, modes too.
#[test]
fn a_program_reaches_nothing_the_mechanism_does_not_show_it() {
    use std::os::unix::fs::PermissionsExt;
    programs();
    for isolation in mechanisms_here() {
        let dir = scratch(&format!("reach-{isolation}"));
        let tests = tests_folder(&dir, "p", None);
        let target = tests.join("one.in");
        let mode = |p: &Path| std::fs::metadata(p).unwrap().permissions().mode();
        let (file_mode, folder_mode) = (mode(&target), mode(&tests));
        let before = snapshot(&tests);
        let cmd = with_programs(
            &dir,
            &format!("{{P}}/kernelreach {} {{P}}", target.display()),
        );
        let t = tests.display().to_string();
        let args = ["--tests", &t, "--cmd", &cmd, "--isolation", isolation];
        let p = run(dir, &[&args[..], &UNHURRIED].concat());
        p.expect("AC", 0, Duration::from_secs(1))
            .unwrap_or_else(|e| panic!("{isolation}: {e}"));
        assert_eq!(snapshot(&tests), before, "{isolation}: {}", p.j);
        assert_eq!(
            (mode(&target), mode(&tests)),
            (file_mode, folder_mode),
            "{isolation}: modes changed\n{}",
            p.j
        );
    }
}

/// Issue 40: nothing of one run survives into the next, nor into the host: a key in the user's
/// keyring, a System V and a POSIX message queue made by case 1 are not found by case 2, nor
/// by the same program run outside the judge afterwards.
#[test]
fn a_run_leaves_no_kernel_state_behind() {
    programs();
    let leftover = programs().join("leftover");
    let on_host = |mode: &str| {
        let mut child = Command::new(&leftover)
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        use std::io::Write;
        child
            .stdin
            .take()
            .unwrap()
            .write_all(mode.as_bytes())
            .unwrap();
        String::from_utf8(child.wait_with_output().unwrap().stdout).unwrap()
    };
    // What an earlier, failed run of this test may have left.
    on_host("clean");
    for isolation in mechanisms_here() {
        let (p, verdicts) = probe_cases(
            &format!("leftover-{isolation}"),
            "{P}/leftover",
            &["make", "look"],
            isolation,
            UNHURRIED[1],
        )
        .unwrap();
        assert_eq!(verdicts, ["AC", "AC"], "{isolation}: {}", p.j);
        let found = on_host("look");
        on_host("clean");
        assert_eq!(found, "1 2 3\n", "{isolation}: left on the host\n{}", p.j);
    }
}

/// Issue 40: a run's private folder on the disk (HOME and TMPDIR under Landlock) counts as the
/// run's memory, as the private tmpfs of namespaces does: 400 MiB written under a 256 MiB
/// limit is MLE, not AC.
#[test]
fn files_in_the_private_folder_count_as_memory() {
    programs();
    for isolation in mechanisms_here() {
        let p = probe(
            &format!("disk-{isolation}"),
            "{P}/disk 400",
            &[
                "--isolation",
                isolation,
                "--memory-limit-mib",
                "256",
                "--time-limit-ms",
                "20000",
            ],
        );
        p.expect("MLE", 1, Duration::from_secs(2))
            .unwrap_or_else(|e| panic!("{isolation}: {e}"));
    }
}

/// Issue 40: a build runs like a program. A build line from a folder's `.bfs-judge.toml` (a
/// folder unzipped from a contest's materials) runs isolated: it cannot write the user's
/// folder nor the host's /tmp, and the header names the file it came from; a compiler that
/// grows without end (`#include </dev/zero>`) is a CE that names the build's memory limit; as
/// root, the system's secrets (`#include "/etc/shadow"`) are empty to it.
#[test]
fn builds_run_isolated_and_bounded() {
    if !have("g++") {
        return;
    }
    for isolation in mechanisms_here() {
        let dir = scratch(&format!("build-{isolation}"));
        let tests = tests_folder(&dir, "p", None).display().to_string();
        let host_tmp = format!("/tmp/bfs-build-escaped-{}-{isolation}", std::process::id());
        let mark = dir.join("build-escaped");
        std::fs::write(
            dir.join(".bfs-judge.toml"),
            format!(
                "compile_memory_limit = 256\n[lang.cpp]\nbuild = [\"sh\", \"-c\", \
                 \"echo pwned > {}; echo pwned > {host_tmp}; g++ -O2 -o {{exe}} {{src}}\"]\n",
                mark.display()
            ),
        )
        .unwrap();
        std::fs::write(
            dir.join("ok.cpp"),
            "#include <cstdio>\nint main(){int a,b,c;if(scanf(\"%d%d%d\",&a,&b,&c)==3)\
             printf(\"%d %d %d\\n\",a,b,c);}\n",
        )
        .unwrap();
        let j = judge_at(
            &dir,
            &[
                "--tests",
                &tests,
                "--cmd",
                "ok.cpp",
                "--isolation",
                isolation,
                UNHURRIED[0],
                UNHURRIED[1],
            ],
        );
        let escaped = std::fs::remove_file(&host_tmp).is_ok();
        assert_eq!(j.code, Some(0), "{isolation}: {j}");
        assert!(
            j.stdout.contains("ok.cpp (C++, built as ")
                && j.stdout.contains(".bfs-judge.toml says)"),
            "{isolation}: the header names the build's config\n{j}"
        );
        assert!(
            !mark.exists(),
            "{isolation}: the build wrote the user's folder\n{j}"
        );
        assert!(
            !escaped,
            "{isolation}: the build wrote the host's /tmp\n{j}"
        );

        std::fs::write(dir.join("zero.cpp"), "#include </dev/zero>\n").unwrap();
        let j = judge_at(
            &dir,
            &[
                "--tests",
                &tests,
                "--cmd",
                "zero.cpp",
                "--isolation",
                isolation,
            ],
        );
        assert_eq!(j.code, Some(1), "{isolation}: {j}");
        assert!(
            j.stdout.starts_with("CE zero.cpp: compile error")
                && j.stdout
                    .contains("passed the build's memory limit of 256 MiB"),
            "{isolation}: {j}"
        );
        // A backstop only: the limit is met within a second or two.
        assert!(
            j.took < backstop(Duration::from_secs(2)),
            "{isolation}: {j}"
        );

        if let Ok(shadow) = std::fs::read_to_string("/etc/shadow") {
            let first = shadow.lines().next().unwrap_or_default();
            std::fs::write(dir.join("secret.cpp"), "#include \"/etc/shadow\"\n").unwrap();
            let j = judge_at(
                &dir,
                &[
                    "--tests",
                    &tests,
                    "--cmd",
                    "secret.cpp",
                    "--isolation",
                    isolation,
                ],
            );
            assert_eq!(j.code, Some(1), "{isolation}: {j}");
            assert!(
                first.len() < 4 || !j.stdout.contains(first),
                "{isolation}: /etc/shadow's first line in the CE\n{j}"
            );
        }
    }
}

/// A judge killed outright (SIGKILL: it cannot reap its supervisors and remove their
/// folders) leaves its supervisor's folder in /tmp; the next judge removes it, as it removes
/// any whose supervisor is no longer alive, and none of a live one.
#[test]
fn a_judge_killed_outright_leaves_nothing_after_the_next_judge() {
    use std::os::unix::fs::MetadataExt;
    let dir = scratch("killed-outright");
    let tests = tests_folder(&dir, "sleeps", None);
    // Not beside a test that fills the user's count of processes (the sandbox could not
    // start): this judge is spawned here rather than run by the support.
    let _beside = crate::support::beside_others();
    let mut judge = crate::support::contestant(
        &dir,
        &[
            "test",
            "--tests",
            tests.to_str().unwrap(),
            "--cmd",
            "sleep 60",
            "--time-limit-ms",
            "30000",
            "--isolation",
            "namespaces",
        ],
    )
    .command()
    .stdout(std::process::Stdio::null())
    .stderr(std::process::Stdio::piped())
    .spawn()
    .unwrap();
    let children = |pid: u32| -> Vec<u32> {
        let Ok(tasks) = std::fs::read_dir(format!("/proc/{pid}/task")) else {
            return Vec::new();
        };
        tasks
            .flatten()
            .filter_map(|t| std::fs::read_to_string(t.path().join("children")).ok())
            .flat_map(|c| {
                c.split_whitespace()
                    .filter_map(|p| p.parse().ok())
                    .collect::<Vec<u32>>()
            })
            .collect()
    };
    // Waits for the supervisor's folder to appear (an event), with a backstop.
    let until = std::time::Instant::now() + backstop(Duration::from_secs(2));
    let found = loop {
        let folder = children(judge.id()).into_iter().find_map(|s| {
            let f = PathBuf::from(format!("/tmp/bfs-judge-jail-{s}-0"));
            f.is_dir().then_some((s, f))
        });
        if folder.is_some() || std::time::Instant::now() > until {
            break folder;
        }
        if let Ok(Some(_)) = judge.try_wait() {
            break None;
        }
        thread::sleep(Duration::from_millis(20));
    };
    let Some((supervisor, folder)) = found else {
        let _ = judge.kill();
        let out = judge.wait_with_output().unwrap();
        let said = String::from_utf8_lossy(&out.stderr);
        assert!(
            said.contains("namespaces"),
            "no supervisor's folder appeared: {said}"
        );
        eprintln!("notice: no user namespaces here ({said}): skipped");
        return;
    };
    judge.kill().unwrap();
    judge.wait().unwrap();
    // Its supervisor ends with it (told by the kernel; it kills its program first): waited
    // for, a zombie counting as ended, with a backstop that a machine loaded a hundredfold
    // (a fork bomb's aftermath, seen in CI: over 60 s) cannot reach.
    let until = std::time::Instant::now() + backstop(Duration::from_secs(30));
    let state = || {
        std::fs::read_to_string(format!("/proc/{supervisor}/stat"))
            .ok()
            .and_then(|s| s[s.rfind(')')? + 2..].chars().next())
    };
    while state().is_some_and(|c| c != 'Z') {
        assert!(
            std::time::Instant::now() < until,
            "the supervisor outlived its judge: {}",
            std::fs::read_to_string(format!("/proc/{supervisor}/status")).unwrap_or_default()
        );
        thread::sleep(Duration::from_millis(20));
    }
    // The folder is left now; a judge of another test starting meanwhile may remove it
    // before the next one here does (seen in CI), which is the rule at work too.
    // A live process's folder of the same name form stays: this process's own.
    let live = PathBuf::from(format!("/tmp/bfs-judge-jail-{}-999", std::process::id()));
    std::fs::create_dir_all(&live).unwrap();
    assert_eq!(
        std::fs::metadata(&live).unwrap().uid(),
        std::fs::metadata("/proc/self").unwrap().uid()
    );
    let next = crate::support::contestant(
        &dir,
        &["test", "--tests", tests.to_str().unwrap(), "--cmd", "cat"],
    )
    .run();
    let live_stayed = live.is_dir();
    let _ = std::fs::remove_dir(&live);
    assert_eq!(next.code, Some(0), "{next}");
    assert!(!folder.exists(), "{} is still there", folder.display());
    assert!(live_stayed, "a live process's folder was removed");
}
