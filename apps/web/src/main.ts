document.querySelector('#app')!.textContent = 'pyramid';
