//! The HTML page of a failing grid case (`target/judge/<problem>/<case>.html`): the whole
//! maze, the judge's route and the contestant's, the first divergence ringed, zoom and pan;
//! for pushing-boxes a step slider that moves the person and the box of both plans.
//!
//! Why a canvas: an SVG of a 1000 x 1000 maze is a million elements, and every zoom lays
//! them out again. Here the walls are painted once into an off-screen bitmap of one pixel
//! per cell, drawn scaled (no smoothing) on each frame; zoomed out (cells under 8 pixels)
//! the routes are such bitmaps too, zoomed in they and the grid lines are drawn only for the
//! cells in view. A 1000 x 1000 serpentine (a route of 500,000 cells) draws in a few ms per
//! frame without a GPU (the `#bench` page fragment measures it). The page is one file with no network access: data, style and
//! script inline.
//!
//! Colours (the screenshot test reads them): free `#ffffff`, wall `#333333`, outside the
//! maze `#e8e8e8`, the judge's route `#1a9850` (a square filling most of the cell), the
//! contestant's `#d73027` (a smaller square inside it, so a shared cell shows both; zoomed
//! out, whole cells, the contestant's on top), the divergence a `#ff00ff` ring.

use std::fmt::Write as _;

use bfs_judge::check::trace::{Picture, Route};

/// `[r0,c0,r1,c1,...]`.
fn flat(cells: &[(i64, i64)]) -> String {
    let mut s = String::with_capacity(cells.len() * 8 + 2);
    s.push('[');
    for (i, (r, c)) in cells.iter().enumerate() {
        if i > 0 {
            s.push(',');
        }
        let _ = write!(s, "{r},{c}");
    }
    s.push(']');
    s
}

fn route_js(route: &Route) -> String {
    format!(
        "{{cells:{},boxes:{},moves:{:?}}}",
        flat(&route.cells),
        flat(&route.boxes),
        // The first entry stands for the start, where no move led.
        String::from_utf8_lossy(route.moves.get(1..).unwrap_or(&[]))
    )
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// The page for `picture`, titled `title` (`problem/case`), with `reason` (the named
/// mistake) in its bar, and a "show the search" link to `search` (the `ours::search` page
/// at the cell where the routes part) when there is one.
pub fn page(p: &Picture, title: &str, reason: &str, search: Option<&str>) -> String {
    let search = search.map_or(String::new(), |href| {
        format!(
            "<a id=\"search\" href=\"{}\">show the search</a>",
            escape(href)
        )
    });
    let mut walls = String::with_capacity(p.walls.len());
    walls.extend(p.walls.iter().map(|&w| if w { '1' } else { '0' }));
    let labels: Vec<String> = p
        .labels
        .iter()
        .map(|&(r, c, ch)| format!("[{r},{c},{:?}]", ch.to_string()))
        .collect();
    let divergence = p.divergence().map_or("-1".to_string(), |d| d.to_string());
    let boxes = !p.expected.boxes.is_empty();
    let data = format!(
        "const D={{rows:{},cols:{},walls:\"{walls}\",labels:[{}],expected:{},got:{},divergence:{divergence},boxes:{boxes},case:{}}};",
        p.rows,
        p.cols,
        labels.join(","),
        route_js(&p.expected),
        route_js(&p.got),
        p.case
    );
    let title = escape(title);
    let reason = escape(reason);
    format!(
        r##"<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title}</title>
<style>
html,body{{margin:0;height:100%;overflow:hidden;font:13px/1.4 system-ui,sans-serif;background:#e8e8e8}}
#bar{{position:fixed;top:0;left:0;right:0;height:40px;box-sizing:border-box;padding:4px 8px;
background:#f7f7f7;border-bottom:1px solid #ccc;display:flex;gap:12px;align-items:center;white-space:nowrap;overflow:hidden}}
#bar b{{font-size:14px}} .k{{display:inline-block;width:12px;height:12px;vertical-align:middle;margin-right:3px}}
#c{{position:fixed;top:40px;left:0;display:block;cursor:grab}}
#moves{{font-family:monospace;overflow:hidden;text-overflow:ellipsis}}
#why{{overflow:hidden;text-overflow:ellipsis;color:#a00}}
</style></head>
<body>
<div id="bar"><b>{title}</b>
<span><span class="k" style="background:#1a9850"></span>judge's route</span>
<span><span class="k" style="background:#d73027"></span>yours</span>
<span><span class="k" style="border:2px solid #ff00ff;border-radius:50%;box-sizing:border-box"></span>where they part</span>
<span id="step"></span>
<input id="slider" type="range" min="0" value="0" title="step (arrow keys)">
<button id="fit" title="f">fit</button><button id="go" title="d">divergence</button>
<span id="moves"></span>
{search}<span id="why" title="{reason}">{reason}</span>
</div>
<canvas id="c"></canvas>
<script>
{data}
(function(){{
"use strict";
const cv=document.getElementById("c"),ctx=cv.getContext("2d");
const R=D.rows,C=D.cols;
// The walls, one pixel per cell, painted once.
const maze=document.createElement("canvas");maze.width=C;maze.height=R;
{{const m=maze.getContext("2d"),img=m.createImageData(C,R),a=img.data;
for(let i=0;i<R*C;i++){{const w=D.walls.charCodeAt(i)===49,v=w?0x33:0xff;
a[4*i]=v;a[4*i+1]=v;a[4*i+2]=v;a[4*i+3]=255;}}
m.putImageData(img,0,0);}}
// Zoomed out, the routes too are bitmaps of one pixel per cell, drawn scaled: a route of
// half a million cells costs one drawImage, not half a million rectangles. The thick one
// (each cell grown by one) keeps a route visible when cells are smaller than a pixel.
function layer(grow){{const b=document.createElement("canvas");b.width=C;b.height=R;
const m=b.getContext("2d"),img=m.createImageData(C,R),a=img.data;
const put=(cells,rgb)=>{{for(let i=0;i<cells.length;i+=2){{const r=cells[i],c=cells[i+1];
for(let y=r-grow;y<=r+grow;y++)for(let x=c-grow;x<=c+grow;x++){{if(y<0||x<0||y>=R||x>=C)continue;
const k=4*(y*C+x);a[k]=rgb[0];a[k+1]=rgb[1];a[k+2]=rgb[2];a[k+3]=255;}}}}}};
put(D.expected.cells,[0x1a,0x98,0x50]);put(D.got.cells,[0xd7,0x30,0x27]);m.putImageData(img,0,0);return b;}}
const layers={{}};function routes(grow){{return layers[grow]||(layers[grow]=layer(grow));}}
let W=0,H=0,s=1,ox=0,oy=0,step=0,queued=false;
const last=Math.max(D.expected.cells.length,D.got.cells.length)/2-1;
const slider=document.getElementById("slider");slider.max=Math.max(0,last);
if(!D.boxes)slider.style.display="none";
function fit(){{s=Math.min(W/C,H/R);ox=(W-C*s)/2;oy=(H-R*s)/2;}}
function resize(){{const dpr=window.devicePixelRatio||1;W=window.innerWidth;H=Math.max(1,window.innerHeight-40);
cv.width=Math.round(W*dpr);cv.height=Math.round(H*dpr);cv.style.width=W+"px";cv.style.height=H+"px";
ctx.setTransform(dpr,0,0,dpr,0,0);}}
function redraw(){{if(!queued){{queued=true;requestAnimationFrame(()=>{{queued=false;draw();}});}}}}
function visible(){{return [Math.max(0,Math.floor(-oy/s)),Math.min(R,Math.ceil((H-oy)/s)),
Math.max(0,Math.floor(-ox/s)),Math.min(C,Math.ceil((W-ox)/s))];}}
function route(cells,inset,colour,r0,r1,c0,c1){{ctx.fillStyle=colour;const d=s*inset,e=s-2*d;
for(let i=0;i<cells.length;i+=2){{const r=cells[i],c=cells[i+1];
if(r<r0||r>=r1||c<c0||c>=c1)continue;ctx.fillRect(ox+c*s+d,oy+r*s+d,e,e);}}}}
function cross(r,c){{ctx.strokeStyle="#d73027";ctx.lineWidth=Math.max(2,s*0.12);ctx.beginPath();
ctx.moveTo(ox+c*s,oy+r*s);ctx.lineTo(ox+(c+1)*s,oy+(r+1)*s);ctx.moveTo(ox+(c+1)*s,oy+r*s);ctx.lineTo(ox+c*s,oy+(r+1)*s);ctx.stroke();}}
function at(route,k){{const n=route.cells.length/2;if(n===0)return null;const i=Math.min(k,n-1);
return {{r:route.cells[2*i],c:route.cells[2*i+1],br:route.boxes[2*i],bc:route.boxes[2*i+1]}};}}
function marker(p,colour,fill){{if(!p)return;ctx.lineWidth=Math.max(2,s*0.1);ctx.strokeStyle=colour;
ctx.beginPath();ctx.arc(ox+(p.c+0.5)*s,oy+(p.r+0.5)*s,s*0.42,0,7);ctx.stroke();
if(D.boxes&&p.br!==undefined){{ctx.strokeRect(ox+p.bc*s+s*0.08,oy+p.br*s+s*0.08,s*0.84,s*0.84);
if(fill){{ctx.fillStyle=colour;ctx.globalAlpha=0.35;ctx.fillRect(ox+p.bc*s+s*0.08,oy+p.br*s+s*0.08,s*0.84,s*0.84);ctx.globalAlpha=1;}}}}}}
function draw(){{ctx.fillStyle="#e8e8e8";ctx.fillRect(0,0,W,H);
ctx.imageSmoothingEnabled=false;ctx.drawImage(maze,ox,oy,C*s,R*s);
const [r0,r1,c0,c1]=visible();
if(s>=8){{ctx.strokeStyle="rgba(0,0,0,0.12)";ctx.lineWidth=1;ctx.beginPath();
for(let r=r0;r<=r1;r++){{ctx.moveTo(ox+c0*s,oy+r*s);ctx.lineTo(ox+c1*s,oy+r*s);}}
for(let c=c0;c<=c1;c++){{ctx.moveTo(ox+c*s,oy+r0*s);ctx.lineTo(ox+c*s,oy+r1*s);}}ctx.stroke();}}
if(s<8)ctx.drawImage(routes(s<2?1:0),ox,oy,C*s,R*s);
else{{route(D.expected.cells,0.12,"#1a9850",r0,r1,c0,c1);route(D.got.cells,0.32,"#d73027",r0,r1,c0,c1);}}
for(let i=0;i<D.got.cells.length;i+=2){{const r=D.got.cells[i],c=D.got.cells[i+1];
if(r<0||c<0||r>=R||c>=C||D.walls.charCodeAt(r*C+c)===49)cross(Math.min(Math.max(r,-1),R),Math.min(Math.max(c,-1),C));}}
if(s>=10){{ctx.font="bold "+Math.floor(s*0.6)+"px sans-serif";ctx.textAlign="center";ctx.textBaseline="middle";
for(const [r,c,ch] of D.labels){{if(r<r0||r>=r1||c<c0||c>=c1)continue;ctx.fillStyle="#1f4fbf";ctx.fillText(ch,ox+(c+0.5)*s,oy+(r+0.5)*s);}}}}
else{{for(const [r,c] of D.labels){{ctx.fillStyle="#1f4fbf";ctx.fillRect(ox+c*s,oy+r*s,Math.max(s,2),Math.max(s,2));}}}}
if(D.divergence>0){{const p=at(D.expected,D.divergence-1)||at(D.got,D.divergence-1);if(p){{
ctx.strokeStyle="#ff00ff";ctx.lineWidth=Math.max(3,s*0.14);ctx.beginPath();
ctx.arc(ox+(p.c+0.5)*s,oy+(p.r+0.5)*s,Math.max(s*0.75,14),0,7);ctx.stroke();}}}}
if(D.boxes){{marker(at(D.expected,step),"#1a9850",true);marker(at(D.got,step),"#d73027",false);}}
document.getElementById("step").textContent=D.boxes?"case "+D.case+", move "+step+" of "+last:"";
if(D.boxes){{const m=(x)=>x.moves;const e=m(D.expected),g=m(D.got);
document.getElementById("moves").textContent="judge: "+e.slice(0,step)+"|"+e.slice(step)+"   yours: "+g.slice(0,step)+"|"+g.slice(step);}}}}
function zoom(f,x,y){{const n=Math.min(Math.max(s*f,0.05),200);ox=x-(x-ox)*n/s;oy=y-(y-oy)*n/s;s=n;redraw();}}
function goDivergence(){{const k=Math.max(0,D.divergence-1);const p=at(D.expected,k)||at(D.got,k);if(!p)return;
s=Math.max(s,Math.min(24,Math.min(W,H)/12));ox=W/2-(p.c+0.5)*s;oy=H/2-(p.r+0.5)*s;setStep(k);redraw();}}
function setStep(k){{step=Math.min(Math.max(0,k),Math.max(0,last));slider.value=step;redraw();}}
cv.addEventListener("wheel",e=>{{e.preventDefault();zoom(Math.pow(1.0015,-e.deltaY),e.offsetX,e.offsetY);}},{{passive:false}});
let drag=null;cv.addEventListener("pointerdown",e=>{{drag={{x:e.clientX,y:e.clientY}};cv.setPointerCapture(e.pointerId);cv.style.cursor="grabbing";}});
cv.addEventListener("pointermove",e=>{{if(!drag)return;ox+=e.clientX-drag.x;oy+=e.clientY-drag.y;drag={{x:e.clientX,y:e.clientY}};redraw();}});
cv.addEventListener("pointerup",()=>{{drag=null;cv.style.cursor="grab";}});
slider.addEventListener("input",()=>setStep(+slider.value));
document.getElementById("fit").onclick=()=>{{fit();redraw();}};
document.getElementById("go").onclick=goDivergence;
window.addEventListener("keydown",e=>{{if(e.key==="+"||e.key==="=")zoom(1.25,W/2,H/2);else if(e.key==="-")zoom(0.8,W/2,H/2);
else if(e.key==="f"){{fit();redraw();}}else if(e.key==="d")goDivergence();
else if(e.key==="ArrowRight")setStep(step+1);else if(e.key==="ArrowLeft")setStep(step-1);}});
window.addEventListener("resize",()=>{{resize();fit();redraw();}});
resize();fit();setStep(Math.max(0,D.divergence-1));draw();
// `#bench`: time frames over zoom levels and pans, for `data-frame-ms` on <body> (a headless
// browser's --dump-dom reads it).
if(location.hash==="#bench"){{const t0=performance.now();let n=0;
for(const f of [1,2,4,8,16,32,64]){{fit();zoom(f,W/2,H/2);for(let i=0;i<5;i++){{ox+=37;oy-=23;draw();n++;}}}}
document.body.dataset.frameMs=((performance.now()-t0)/n).toFixed(2);}}
}})();
</script>
</body></html>
"##
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_page_is_self_contained_and_carries_both_routes() {
        let input = b"3 3 1 1 3 3\n000\n000\n000\n";
        let answer = b"1 1\n2 1\n3 1\n3 2\n3 3\n";
        let output = b"1 1\n1 2\n1 3\n2 3\n3 3\n";
        let p = bfs_judge::check::trace::picture("robot-maze", input, output, answer).unwrap();
        let page = page(&p, "robot-maze/<x>", "wrong tie-break: step 1", None);
        assert!(page.contains("cells:[0,0,1,0,2,0,2,1,2,2]"), "{page}");
        assert!(page.contains("cells:[0,0,0,1,0,2,1,2,2,2]"));
        assert!(page.contains("divergence:1"));
        assert!(page.contains("robot-maze/&lt;x&gt;"));
        assert!(page.contains(">wrong tie-break: step 1</span>"));
        // No network: nothing is fetched.
        for fetch in ["http:", "https:", "src=", "@import", "url("] {
            assert!(!page.contains(fetch), "{fetch}");
        }
    }
}
